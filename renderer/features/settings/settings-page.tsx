// Settings: connection (base URL, key set or cleared but never shown), storage, task tracking, appearance.
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { SessionStatus, Settings } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { checkKey, gatewayUnanswered } from '../../lib/key-check';
import { useClearKey, useSession, useSetKey, useUseDemo } from '../../lib/api/session';
import { useSettings, useUpdateSettings } from '../../lib/api/settings';
import { LANGUAGES, THEME_PREFERENCES, useStudioStore } from '../../store/studio-store';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { PasswordField } from '../../ui/password-field';
import { SegmentedField } from '../../ui/segmented-field';
import { SettingsFrame } from '../../ui/settings-frame';
import {
  connectionFormSchema,
  keyFormSchema,
  type ConnectionFormValues,
  type KeyFormValues,
} from './settings-form';
import { ModelIdsSection } from './model-ids-section';
import { DemoDialectsSection } from './demo-dialects-section';
import { ProxySection } from './proxy-section';
import { ResultAddressesSection } from './result-addresses-section';
import { SpendingLimitsSection } from './spending-limits-section';
import { AgentsSection } from './agents-section';
import { StartingPricesSection } from './starting-prices-section';
import { StorageSection } from './storage-section';
import { useAppearance } from '../../lib/use-appearance';
import './settings.css';

function useToastError(): (error: unknown) => void {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  return (error) => pushToast('error', errorSentence(error, t));
}

function ConnectionSection({
  session,
  settings,
}: {
  session: SessionStatus;
  settings: Settings;
}): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const onError = useToastError();
  const update = useUpdateSettings();
  const setKey = useSetKey();
  const clearKey = useClearKey();
  const useDemo = useUseDemo();
  const url = useForm<ConnectionFormValues>({
    resolver: zodResolver(connectionFormSchema),
    defaultValues: { baseUrl: settings.baseUrl ?? '' },
  });
  const key = useForm<KeyFormValues>({ resolver: zodResolver(keyFormSchema), defaultValues: { key: '' } });

  // The schema's own messages are English; these fields have one failure each worth a translated sentence.
  const urlError = url.formState.errors.baseUrl?.message;

  // An address that did not answer, kept out of the settings until the person says to save it anyway.
  const [unreachable, setUnreachable] = useState<{ baseUrl: string; sentence: string } | null>(null);
  const saveBaseUrl = async (baseUrl: string, anyway: boolean) => {
    setUnreachable(null);
    const before = settings.baseUrl;
    try {
      const saved = await update.mutateAsync({ baseUrl: baseUrl === '' ? null : baseUrl });
      // Shown as the app keeps it: without a trailing /v1 or slash (shared/gateway/base-url.ts).
      url.reset({ baseUrl: saved.baseUrl ?? '' });
      // As onboarding does: a new address is asked (the balance, with the key in use) before it is kept. One
      // that could not be asked at all is put back, and said, with a way to save it anyway; the demo gateway and
      // a studio with no key have nothing to ask it with.
      if (!anyway && saved.baseUrl && saved.baseUrl !== before && session.hasKey && session.mode !== 'demo') {
        const verdict = await checkKey();
        if (verdict.kind === 'unchecked' && gatewayUnanswered(verdict.error)) {
          await update.mutateAsync({ baseUrl: before });
          const reason = errorSentence(verdict.error, t);
          setUnreachable({
            baseUrl: saved.baseUrl,
            sentence: t('settings.unreachable', { url: saved.baseUrl, reason }),
          });
          return;
        }
        if (verdict.kind === 'refused') {
          pushToast('error', t('keys.refused', { message: verdict.error.message }));
          return;
        }
      }
      pushToast('success', t('settings.saved'));
    } catch (error) {
      onError(error);
    }
  };
  const saveUrl = url.handleSubmit(({ baseUrl }) => saveBaseUrl(baseUrl, false));
  const saveKey = key.handleSubmit(async ({ key: value }) => {
    try {
      const { verdict } = await setKey.mutateAsync(value);
      // The key is in main now; never keep it in the page.
      key.reset({ key: '' });
      if (verdict.kind === 'accepted') pushToast('success', t('settings.keySaved'));
      else if (verdict.kind === 'refused')
        pushToast('error', t('keys.refused', { message: verdict.error.message }));
      else pushToast('error', t('keys.unchecked', { sentence: errorSentence(verdict.error, t) }));
    } catch (error) {
      onError(error);
    }
  });

  return (
    <section className="card card-pad field-column">
      <h2 className="card-title">{t('settings.connection')}</h2>
      {session.mode === 'demo' ? <Alert tone="info">{t('settings.demoMode')}</Alert> : null}
      <form className="settings-row" onSubmit={(e) => void saveUrl(e)} noValidate>
        <Field id="set-base-url" label={t('settings.baseUrl')} error={urlError}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="url"
              placeholder={t('onboarding.baseUrlPlaceholder')}
              {...url.register('baseUrl')}
            />
          )}
        </Field>
        <Button type="submit" busy={url.formState.isSubmitting}>
          {t('settings.save')}
        </Button>
      </form>
      {unreachable ? (
        <Alert testId="settings-unreachable">
          <p>{unreachable.sentence}</p>
          <Button onClick={() => void saveBaseUrl(unreachable.baseUrl, true)} busy={update.isPending}>
            {t('settings.saveAnyway')}
          </Button>
        </Alert>
      ) : null}
      <form className="settings-row" onSubmit={(e) => void saveKey(e)} noValidate>
        <PasswordField
          id="set-key"
          label={t('settings.apiKey')}
          hint={`${session.hasKey ? t('settings.keySet') : t('settings.keyNotSet')} ${t(`settings.keptAs.${session.keyStorage}`)}`}
          error={key.formState.errors.key?.message}
          autoComplete="off"
          placeholder={t('settings.keyPlaceholder')}
          registration={key.register('key')}
        />
        <Button type="submit" variant="primary" busy={key.formState.isSubmitting}>
          {t('settings.saveKey')}
        </Button>
      </form>
      <div className="settings-buttons">
        {session.hasKey ? (
          <Button
            variant="danger"
            busy={clearKey.isPending}
            onClick={() =>
              clearKey.mutate(undefined, {
                onSuccess: () => pushToast('success', t('settings.keyCleared')),
                onError,
              })
            }
          >
            {t('settings.clearKey')}
          </Button>
        ) : null}
        {session.mode !== 'demo' && session.demoAvailable ? (
          <Button
            variant="ghost"
            busy={useDemo.isPending}
            onClick={() => useDemo.mutate(undefined, { onError })}
          >
            {t('settings.useDemo')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function AppearanceSection({ settings }: { settings: Settings }): ReactElement {
  const { t } = useTranslation();
  const onError = useToastError();
  const update = useUpdateSettings();
  const { chooseTheme, chooseLanguage } = useAppearance(onError);
  const theme = useStudioStore((s) => s.theme);
  const language = useStudioStore((s) => s.language);

  return (
    <section className="card card-pad field-column">
      <h2 className="card-title">{t('settings.appearance')}</h2>
      <SegmentedField
        id="settings-theme"
        name="theme"
        label={t('settings.theme')}
        value={theme}
        onChange={chooseTheme}
        options={THEME_PREFERENCES.map((v) => ({ value: v, label: t(`settings.themes.${v}`) }))}
      />
      <SegmentedField
        id="settings-language"
        name="language"
        label={t('settings.language')}
        value={language}
        onChange={chooseLanguage}
        options={LANGUAGES.map((v) => ({ value: v, label: t(`settings.languages.${v}`) }))}
      />
      <SegmentedField
        id="settings-balance-unit"
        name="balance-unit"
        label={t('settings.balanceUnit')}
        value={settings.balanceUnit}
        onChange={(v) => update.mutate({ balanceUnit: v }, { onError })}
        options={(['usd', 'credits'] as const).map((v) => ({
          value: v,
          label: t(`settings.balanceUnits.${v}`),
        }))}
      />
    </section>
  );
}

export function SettingsPage(): ReactElement {
  const { t } = useTranslation();
  const session = useSession();
  const settings = useSettings();
  return (
    <SettingsFrame
      subtitle={t('settings.subtitle')}
      failed={session.isError || settings.isError}
      error={session.error ?? settings.error}
      loaded={session.data && settings.data ? { session: session.data, settings: settings.data } : null}
    >
      {(data) => (
        <div className="settings">
          <ConnectionSection session={data.session} settings={data.settings} />
          {data.session.mode === 'demo' ? <DemoDialectsSection settings={data.settings} /> : null}
          <ProxySection settings={data.settings} />
          <ResultAddressesSection settings={data.settings} />
          <StorageSection session={data.session} settings={data.settings} />
          <AppearanceSection settings={data.settings} />
          <SpendingLimitsSection />
          <AgentsSection />
          <StartingPricesSection settings={data.settings} />
          <ModelIdsSection settings={data.settings} />
        </div>
      )}
    </SettingsFrame>
  );
}
