// Label, hint and error around any control. Field owns the wiring: it hands its control the id the label points
// at, aria-invalid and aria-describedby (its error, else its hint), so no form has to remember them and a label
// can never point at something that is not a form control. test/components/field-a11y.test.tsx holds every
// form to it.
import type { ReactElement, ReactNode } from 'react';
import { cx } from './cx';

/** What a Field hands to its one control (spread it onto an input, textarea or select). */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What a group Field hands to the element that holds its choices (a radio group, a list with a drop zone). */
export interface GroupProps {
  id: string;
  'aria-labelledby': string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldBase {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Shown at the right of the label row, e.g. a character counter. */
  aside?: ReactNode;
  className?: string;
}

/**
 * A control with a `<label for>`: children receive the props to spread on it. With `group`, there is no single
 * control to point at (chips, a list): the label becomes the group's name through aria-labelledby.
 */
export type FieldProps = FieldBase &
  (
    | { group?: false; children: (control: ControlProps) => ReactNode }
    | { group: true; children: (group: GroupProps) => ReactNode }
  );

export function Field(props: FieldProps): ReactElement {
  const { id, label, hint, error, aside, className } = props;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const invalid = error ? true : undefined;
  const labelId = `${id}-label`;
  return (
    <div className={cx('field', error && 'has-error', className)}>
      <div className="field-label-row">
        {props.group ? (
          <span className="field-label" id={labelId}>
            {label}
          </span>
        ) : (
          <label htmlFor={id} className="field-label" id={labelId}>
            {label}
          </label>
        )}
        {aside}
      </div>
      {props.group
        ? props.children({
            id,
            'aria-labelledby': labelId,
            'aria-invalid': invalid,
            'aria-describedby': describedBy,
          })
        : props.children({ id, 'aria-invalid': invalid, 'aria-describedby': describedBy })}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
