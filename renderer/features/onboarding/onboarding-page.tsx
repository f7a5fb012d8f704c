// First run: connect an own gateway (base URL + key), or try the built-in demo gateway.
import { useEffect, useState, type ReactElement } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorSentence } from '../../lib/bridge-error';
import { useSession, useSetKey, useUseDemo } from '../../lib/api/session';
import { useSettings, useUpdateSettings } from '../../lib/api/settings';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { PasswordField } from '../../ui/password-field';
import { Icon } from '../../ui/icons';
import type { OnboardingValues } from './onboarding-form';
import './onboarding.css';

let rules: Promise<Resolver<OnboardingValues>> | null = null;
const loadRules = (): Promise<Resolver<OnboardingValues>> =>
  (rules ??= import('./onboarding-form').then(
    (m) => m.onboardingResolver,
    (error: unknown) => {
      rules = null; // the next check tries again
      throw error;
    },
  ));

/**
 * The form's rules (zod and the bridge's key rules) are not needed to paint the page: app.tsx fetches them once
 * the page is idle, and a check that comes first waits for them (docs/architecture.md, "Renderer load").
 */
export const onboardingRules = { preload: (): Promise<void> => loadRules().then(() => undefined) };
const onboardingResolver: Resolver<OnboardingValues> = async (...args) => (await loadRules())(...args);

export function OnboardingPage(): ReactElement {
  const { t } = useTranslation();
  const form = useForm<OnboardingValues>({
    resolver: onboardingResolver,
    defaultValues: { baseUrl: '', key: '' },
  });
  // Web mode keeps the key only in memory, so after a restart this page comes back: the base URL is still in
  // settings and must be shown, not asked for again (unless the user already started typing another).
  const savedBaseUrl = useSettings().data?.baseUrl ?? null;
  useEffect(() => {
    if (savedBaseUrl && !form.getFieldState('baseUrl').isDirty)
      form.resetField('baseUrl', { defaultValue: savedBaseUrl });
  }, [savedBaseUrl, form]);
  const updateSettings = useUpdateSettings();
  const setKey = useSetKey();
  const useDemo = useUseDemo();
  // Web mode started without --demo has no demo gateway: do not offer what cannot work.
  const demoAvailable = useSession().data?.demoAvailable ?? false;
  const [failure, setFailure] = useState<unknown>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A gateway that did not answer: nothing was kept, and the user chooses to fix the address or go on unchecked.
  const [unreachable, setUnreachable] = useState<{ sentence: string; values: OnboardingValues } | null>(null);

  const send = async (values: OnboardingValues, mustAnswer: boolean): Promise<void> => {
    setFailure(null);
    setRefusal(null);
    setUnreachable(null);
    try {
      await updateSettings.mutateAsync({ baseUrl: values.baseUrl, onboarded: true });
      const { verdict } = await setKey.mutateAsync({ key: values.key, mustAnswer });
      if (verdict.kind === 'unchecked' && mustAnswer) {
        const reason = errorSentence(verdict.error, t);
        setUnreachable({ sentence: t('onboarding.unreachable', { url: values.baseUrl, reason }), values });
        return;
      }
      // The key has gone to main; the field must not keep it.
      form.reset({ baseUrl: values.baseUrl, key: '' });
      if (verdict.kind === 'refused') setRefusal(t('keys.refused', { message: verdict.error.message }));
    } catch (error) {
      setFailure(error);
    }
  };
  const connect = form.handleSubmit((values) => send(values, true));

  const tryDemo = async () => {
    setFailure(null);
    setRefusal(null);
    try {
      await useDemo.mutateAsync();
    } catch (error) {
      setFailure(error);
    }
  };

  const busy = form.formState.isSubmitting || useDemo.isPending;
  const { errors } = form.formState;

  return (
    <div className="onboarding">
      <div className="onboarding-card">
        <aside className="onboarding-hero">
          <span className="onboarding-mark">
            <Icon name="spark" size={26} />
          </span>
          <h1>{t('onboarding.title')}</h1>
          <p>{t('app.tagline')}</p>
          <ul>
            <li>
              <Icon name="create" />
              {t('onboarding.features.create')}
            </li>
            <li>
              <Icon name="clock" />
              {t('onboarding.features.track')}
            </li>
            <li>
              <Icon name="library" />
              {t('onboarding.features.library')}
            </li>
          </ul>
        </aside>
        <div className="onboarding-main">
          <p className="onboarding-lead">{t('onboarding.lead')}</p>
          {/* The rules' chunk may fail to arrive (a stale build, the studio gone): said, not lost. */}
          <form onSubmit={(e) => void connect(e).catch(setFailure)} noValidate>
            <Field id="onb-base-url" label={t('onboarding.baseUrl')} error={errors.baseUrl?.message}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="url"
                  autoComplete="url"
                  placeholder={t('onboarding.baseUrlPlaceholder')}
                  {...form.register('baseUrl')}
                />
              )}
            </Field>
            <PasswordField
              id="onb-key"
              label={t('onboarding.apiKey')}
              error={errors.key?.message}
              autoComplete="off"
              placeholder={t('onboarding.apiKeyPlaceholder')}
              registration={form.register('key')}
            />
            <Button
              type="submit"
              variant="primary"
              className="btn-lg onboarding-submit"
              busy={form.formState.isSubmitting}
              disabled={busy}
            >
              {form.formState.isSubmitting ? t('onboarding.connecting') : t('onboarding.connect')}
            </Button>
          </form>
          {demoAvailable ? (
            <>
              <div className="onboarding-or">
                <span>{t('onboarding.or')}</span>
              </div>
              <Button
                className="btn-lg onboarding-demo"
                icon={<Icon name="spark" />}
                onClick={() => void tryDemo()}
                busy={useDemo.isPending}
                disabled={busy}
                data-testid="try-demo"
              >
                {t('onboarding.demo')}
              </Button>
              <p className="onboarding-hint">{t('onboarding.demoHint')}</p>
            </>
          ) : null}
          {failure ? <Alert testId="onboarding-error">{errorSentence(failure, t)}</Alert> : null}
          {refusal ? <Alert testId="onboarding-error">{refusal}</Alert> : null}
          {unreachable ? (
            <Alert testId="onboarding-error">
              <p>{unreachable.sentence}</p>
              <Button onClick={() => void send(unreachable.values, false)} disabled={busy}>
                {t('onboarding.continueAnyway')}
              </Button>
            </Alert>
          ) : null}
        </div>
      </div>
    </div>
  );
}
