import type { ButtonHTMLAttributes, ReactElement, ReactNode, Ref } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  busy?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'secondary',
  busy = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps): ReactElement {
  return (
    <button
      type={type}
      className={cx('btn', `btn-${variant}`, busy && 'is-busy', className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
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
