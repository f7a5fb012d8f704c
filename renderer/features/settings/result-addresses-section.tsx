// Settings › Result files: where result files may come from beyond the one rule (public addresses, and the kind of
// address the gateway itself is on: electron/core/downloads/local-addresses.ts). A creator whose files sit on a
// server in their own network lists its address, range or name here; main reads the list for each file, and the
// CLI reads it too when it shares this data folder.
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/bridge';
import { splitResultAddresses } from '../../../shared/gateway/result-addresses';
import { errorSentence } from '../../lib/bridge-error';
import { useUpdateSettings } from '../../lib/api/settings';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { resultAddressesFormSchema, type ResultAddressesFormValues } from './settings-form';

export function ResultAddressesSection({ settings }: { settings: Settings }): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const update = useUpdateSettings();
  const form = useForm<ResultAddressesFormValues>({
    resolver: zodResolver(resultAddressesFormSchema),
    defaultValues: { text: settings.resultAddresses.join('\n') },
  });
  const save = form.handleSubmit(async ({ text }) => {
    try {
      const saved = await update.mutateAsync({ resultAddresses: splitResultAddresses(text) });
      // Shown as main keeps it: one entry a line, whatever separated them when typed.
      form.reset({ text: saved.resultAddresses.join('\n') });
      pushToast(
        'success',
        t(
          saved.resultAddresses.length > 0
            ? 'settings.resultAddressesSaved'
            : 'settings.resultAddressesCleared',
        ),
      );
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  });
  return (
    <form className="card card-pad field-column" onSubmit={(e) => void save(e)} noValidate>
      <h2 className="card-title">{t('settings.resultFiles')}</h2>
      <p className="muted">{t('settings.resultFilesRule')}</p>
      <Field
        id="set-result-addresses"
        label={t('settings.resultAddresses')}
        hint={t('settings.resultAddressesRisk')}
        error={form.formState.errors.text?.message}
      >
        {(control) => (
          <textarea
            {...control}
            className="textarea mono"
            rows={3}
            spellCheck={false}
            autoComplete="off"
            placeholder={'192.168.1.20\n10.0.0.0/8\nfiles.lan'}
            {...form.register('text')}
          />
        )}
      </Field>
      <div className="form-actions">
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
