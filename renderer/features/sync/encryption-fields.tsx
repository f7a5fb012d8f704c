// End-to-end encryption: a switch, and when it is on, the warning said plainly before any passphrase is kept (a
// forgotten passphrase cannot be recovered by anyone), the passphrase field, and the box the user ticks to say
// they have kept it somewhere safe. A wrong passphrase for an encrypted remote is refused by the main process;
// its sentence shows at this field.
import type { ReactElement } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert';
import { Switch } from '../../ui/switch';
import { SecretField } from './secret-field';
import type { SyncFormValues } from './sync-form';

export function EncryptionFields({
  form,
  passphraseStored,
}: {
  form: UseFormReturn<SyncFormValues>;
  passphraseStored: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const [encrypted, passphrase] = useWatch({ control: form.control, name: ['encrypted', 'passphrase'] });
  const typed = passphrase !== '';
  const errors = form.formState.errors;
  return (
    <div className="sync-encryption">
      <Switch
        id="sync-encrypted"
        label={t('sync.encryption')}
        hint={t('sync.encryptionHint')}
        {...form.register('encrypted')}
      />
      {encrypted ? (
        <>
          <Alert tone="info" testId="sync-passphrase-warning">
            {t('sync.passphraseWarning')}
          </Alert>
          <SecretField
            id="sync-passphrase"
            label={t('sync.passphrase')}
            hint={passphraseStored ? t('sync.passphraseStored') : t('sync.passphraseHint')}
            error={errors.passphrase?.message}
            stored={passphraseStored}
            registration={form.register('passphrase')}
          />
          {typed ? (
            <div className="sync-check">
              <input
                id="sync-understood"
                type="checkbox"
                aria-invalid={errors.understood ? true : undefined}
                aria-describedby={errors.understood ? 'sync-understood-error' : undefined}
                {...form.register('understood')}
              />
              <label htmlFor="sync-understood">{t('sync.understood')}</label>
              {errors.understood ? (
                <p className="field-error" id="sync-understood-error" role="alert">
                  {errors.understood.message}
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
