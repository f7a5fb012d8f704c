import type { ButtonHTMLAttributes, ReactElement, ReactNode, Ref } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  busy?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A busy button refuses presses without `disabled`: a disabled button drops the focus to the page's body, and a
 * keyboard user who pressed Save (or a button that opens a question while it works) would start again from the
 * top. aria-disabled says it is unavailable; the press is cancelled (which also cancels a form's submission, and
 * a submission by Enter in one of its fields, as that is a click on this button).
 */
export function Button({
  variant = 'secondary',
  busy = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps): ReactElement {
  return (
    <button
      type={type}
      className={cx('btn', `btn-${variant}`, busy && 'is-busy', className)}
      disabled={disabled}
      aria-disabled={busy && !disabled ? true : undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : icon}
      <span>{children}</span>
    </button>
  );
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'variant' | 'busy' | 'children'> {
  /** The form is being sent: the button spins, refuses a second press and says `busyLabel`. */
  submitting: boolean;
  label: string;
  busyLabel: string;
}

/** A form's large primary button (Generate, Speak), which says what it is doing while the form is sent. */
export function SubmitButton({
  submitting,
  label,
  busyLabel,
  className,
  ...rest
}: SubmitButtonProps): ReactElement {
  return (
    <Button type="submit" variant="primary" className={cx('btn-lg', className)} busy={submitting} {...rest}>
      {submitting ? busyLabel : label}
    </Button>
  );
}
