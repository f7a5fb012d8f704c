// A secret of the sync settings (the remote's secret or password, the encryption passphrase): a password field
// that is never filled from the stored value, since the page never has it. When one is stored the placeholder
// says that leaving the field empty keeps it; the hint says whether one is stored.
import type { ReactElement } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../ui/password-field';

interface SecretFieldProps {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  stored: boolean;
  registration: UseFormRegisterReturn;
}

export function SecretField({
  id,
  label,
  hint,
  error,
  stored,
  registration,
}: SecretFieldProps): ReactElement {
  const { t } = useTranslation();
  return (
    <PasswordField
      id={id}
      label={label}
      hint={hint}
      error={error}
      autoComplete="new-password"
      placeholder={stored ? t('sync.secretKeepPlaceholder') : undefined}
      registration={registration}
    />
  );
}
