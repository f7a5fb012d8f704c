// Settings › Proxy (seen in public clients): the HTTP(S) or SOCKS proxy every gateway call and result download takes. Empty
// leaves it to the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), else direct; main reads it at every request.
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { useUpdateSettings } from '../../lib/api/settings';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { proxyFormSchema, type ProxyFormValues } from './settings-form';

export function ProxySection({ settings }: { settings: Settings }): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const update = useUpdateSettings();
  const form = useForm<ProxyFormValues>({
    resolver: zodResolver(proxyFormSchema),
    defaultValues: { proxy: settings.proxy ?? '' },
  });
  const save = form.handleSubmit(async ({ proxy }) => {
    try {
      const saved = await update.mutateAsync({ proxy: proxy === '' ? null : proxy });
      // Shown as main keeps it (normalised), so what is in the field is what is used.
      form.reset({ proxy: saved.proxy ?? '' });
      pushToast('success', t(saved.proxy ? 'settings.proxySaved' : 'settings.proxyCleared'));
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  });
  return (
    <form className="card card-pad field-column" onSubmit={(e) => void save(e)} noValidate>
      <h2 className="card-title">{t('settings.proxy')}</h2>
      <div className="settings-row">
        <Field
          id="set-proxy"
          label={t('settings.proxy')}
          hint={t('settings.proxyHint')}
          error={form.formState.errors.proxy?.message}
        >
          {(control) => (
            <input
              {...control}
              className="input mono"
              spellCheck={false}
              autoComplete="off"
              placeholder="http://proxy.example:8080"
              {...form.register('proxy')}
            />
          )}
        </Field>
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
