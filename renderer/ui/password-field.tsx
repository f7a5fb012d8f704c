// A field for a secret typed by hand (the gateway key, a sync password or passphrase): masked, never spell-checked
// (a dictionary would see the secret), and never filled back from a stored value, since the page never has one.
import type { ReactElement } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';

export interface PasswordFieldProps {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  placeholder: string | undefined;
  /** 'off' for a key typed in to connect; 'new-password' for one the person chooses, so no manager offers an old one. */
  autoComplete: 'off' | 'new-password';
  registration: UseFormRegisterReturn;
}

export function PasswordField(props: PasswordFieldProps): ReactElement {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="password"
          autoComplete={props.autoComplete}
          spellCheck={false}
          placeholder={props.placeholder}
          {...props.registration}
        />
      )}
    </Field>
  );
}
