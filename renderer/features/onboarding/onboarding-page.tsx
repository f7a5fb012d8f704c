// First run: connect an own gateway (base URL + key), or try the built-in demo gateway.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { PasswordField } from '../../ui/password-field';
import { Icon } from '../../ui/icons';
import type { OnboardingAnswer } from './onboarding-actions';
import type { OnboardingErrors, OnboardingValues } from './onboarding-form';
import './onboarding.css';

/** A chunk fetched once; a failed fetch is forgotten, so the next use tries again. */
function chunk<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

const loadRules = chunk(() => import('./onboarding-form'));
const loadActions = chunk(() => import('./onboarding-actions'));

/**
 * Neither the form's rules (zod and the bridge's key rules) nor what its buttons do (the tRPC client) are needed to
 * paint the page: app.tsx fetches both once the page is idle, and a click that comes first waits for them
 * (docs/architecture.md, "Renderer load").
 */
export const onboardingRules = { preload: (): Promise<void> => loadRules().then(() => undefined) };
export const onboardingActions = { preload: (): Promise<void> => loadActions().then(() => undefined) };

export interface OnboardingPageProps {
  /** The session the page was opened with: web mode started without --demo offers no demo gateway. */
  session?: SessionStatus | null;
  /** The base URL saved in settings (after Remove key, or a key refused): shown, not asked again. */
  savedBaseUrl?: string | null;
  /** What a button changed (a session, settings), for whoever decides the screen. */
  onAnswer?: (answer: OnboardingAnswer) => void;
}

/** The two fields' values, read from the inputs themselves (the page paints before any form library). */
function useFields(savedBaseUrl: string | null, onEdit: (values: OnboardingValues) => void) {
  const inputs = useRef<Record<keyof OnboardingValues, HTMLInputElement | null>>({
    baseUrl: null,
    key: null,
  });
  const edited = useRef(false);
  const register = (name: keyof OnboardingValues): UseFormRegisterReturn => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: async () => {
      if (name === 'baseUrl') edited.current = true;
      onEdit(values());
    },
    onBlur: async () => undefined,
  });
  // The saved base URL may arrive after the page: shown unless the user already started typing another.
  useEffect(() => {
    const input = inputs.current.baseUrl;
    if (savedBaseUrl && input && !edited.current) input.value = savedBaseUrl;
  }, [savedBaseUrl]);
  const values = (): OnboardingValues => ({
    baseUrl: inputs.current.baseUrl?.value ?? '',
    key: inputs.current.key?.value ?? '',
  });
  const focus = (name: keyof OnboardingValues): void => inputs.current[name]?.focus();
  const clearKey = (): void => {
    if (inputs.current.key) inputs.current.key.value = '';
  };
  return { register, values, focus, clearKey };
}

export function OnboardingPage({
  session = null,
  savedBaseUrl = null,
  onAnswer,
}: OnboardingPageProps): ReactElement {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<OnboardingErrors>({});
  const checked = useRef(false);
  // After the first check, every edit checks again (the rules are here by then), as the form said before.
  const recheck = (values: OnboardingValues): void => {
    if (checked.current)
      void loadRules().then(
        (m) => setErrors(m.checkOnboarding(values)),
        () => undefined,
      );
  };
  const fields = useFields(savedBaseUrl, recheck);
  const demoAvailable = session?.demoAvailable ?? false;
  const [pending, setPending] = useState<'connect' | 'demo' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A gateway that did not answer: nothing was kept, and the user chooses to fix the address or go on unchecked.
  const [unreachable, setUnreachable] = useState<{ sentence: string; values: OnboardingValues } | null>(null);

  const send = async (values: OnboardingValues, mustAnswer: boolean): Promise<void> => {
    setFailure(null);
    setRefusal(null);
    setUnreachable(null);
    setPending('connect');
    try {
      const { connectGateway } = await loadActions();
      const { verdict, ...answer } = await connectGateway(values, mustAnswer);
      onAnswer?.(answer);
      if (verdict.kind === 'unchecked' && mustAnswer) {
        const reason = errorSentence(verdict.error, t);
        setUnreachable({ sentence: t('onboarding.unreachable', { url: values.baseUrl, reason }), values });
        return;
      }
      // The key has gone to main; the field must not keep it.
      fields.clearKey();
      if (verdict.kind === 'refused') setRefusal(t('keys.refused', { message: verdict.error.message }));
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(null);
    }
  };

  const connect = async (): Promise<void> => {
    const values = fields.values();
    setPending('connect');
    try {
      // The rules' chunk may fail to arrive (a stale build, the studio gone): said, not lost.
      const found = (await loadRules()).checkOnboarding(values);
      checked.current = true;
      setErrors(found);
      const first = (['baseUrl', 'key'] as const).find((name) => found[name]);
      if (first) {
        fields.focus(first);
        setPending(null);
        return;
      }
    } catch (error) {
      setFailure(error);
      setPending(null);
      return;
    }
    await send(values, true);
  };

  const tryDemo = async () => {
    setFailure(null);
    setRefusal(null);
    setPending('demo');
    try {
      const { startDemo } = await loadActions();
      onAnswer?.(await startDemo());
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(null);
    }
  };

  const busy = pending !== null;
  const submitting = pending === 'connect';

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
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void connect();
            }}
            noValidate
          >
            <Field id="onb-base-url" label={t('onboarding.baseUrl')} error={errors.baseUrl}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="url"
                  autoComplete="url"
                  placeholder={t('onboarding.baseUrlPlaceholder')}
                  {...fields.register('baseUrl')}
                />
              )}
            </Field>
            <PasswordField
              id="onb-key"
              label={t('onboarding.apiKey')}
              error={errors.key}
              autoComplete="off"
              placeholder={t('onboarding.apiKeyPlaceholder')}
              registration={fields.register('key')}
              // How the key will be kept, in the words Settings uses (the secret store's own answer).
              hint={session ? t(`settings.keptAs.${session.keyStorage}`) : undefined}
            />
            <Button
              type="submit"
              variant="primary"
              className="btn-lg onboarding-submit"
              busy={submitting}
              disabled={busy}
            >
              {submitting ? t('onboarding.connecting') : t('onboarding.connect')}
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
                busy={pending === 'demo'}
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
