// A labelled row of chips: the Field (label, hint, error, wiring) around a Segmented radio group. The pages that
// offer a one-of-few choice (usage scope and grouping, speech format, theme, language, units, model variant) all
// want exactly this, so it is written once here rather than as a render-prop pair on each page.
import type { ReactElement } from 'react';
import { Field } from './field';
import { Segmented, type SegmentedOption } from './segmented';

export interface SegmentedFieldProps<T extends string> {
  /** The group's id; the visible label names the radio group through aria-labelledby. */
  id: string;
  /** The radios' shared name (form value key). */
  name: string;
  label: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  hint?: string;
  error?: string;
  disabled?: boolean;
  className?: string;
}

export function SegmentedField<T extends string>({
  id,
  name,
  label,
  value,
  options,
  onChange,
  hint,
  error,
  disabled,
  className,
}: SegmentedFieldProps<T>): ReactElement {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className} group>
      {(group) => (
        <Segmented<T>
          name={name}
          label={label}
          group={group}
          value={value}
          options={options}
          onChange={onChange}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
