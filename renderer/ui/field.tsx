// Label, hint and error around any control, wired for screen readers through ids.
import type { ReactElement, ReactNode } from 'react';
import { cx } from './cx';

export interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Shown at the right of the label row, e.g. a character counter. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Field({ id, label, hint, error, aside, children, className }: FieldProps): ReactElement {
  return (
    <div className={cx('field', error && 'has-error', className)}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {aside}
      </div>
      {children}
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

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
