// Providers and the first decision: onboarding until a gateway is chosen, the studio frame afterwards.
import { useEffect, type ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Router } from 'wouter';
import { useHashLocation } from '../lib/hash-location';
import { OnboardingPage, onboardingRules } from '../features/onboarding/onboarding-page';
import { errorSentence } from '../lib/bridge-error';
import { useSession } from '../lib/api/session';
import { useSettings } from '../lib/api/settings';
import { usePreferencesEffect } from '../lib/use-preferences-effect';
import { useStudioStore } from '../store/studio-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { preloadablePage, useIdlePreload } from './preloadable-page';

function Booting(): ReactElement {
  const { t } = useTranslation();
  return <div className="boot">{t('common.loading')}</div>;
}

/**
 * The studio frame and its first pages are fetched only once a gateway is chosen: the first start (and web mode's
 * every start) shows onboarding from the small eager entry alone. Onboarding fetches the frame once idle, so
 * "Try the demo gateway" opens it at once (`npm run bench -- renderer-load`).
 */
const shell = preloadablePage(() => import('./shell').then((m) => m.Shell), Booting);
// The frame first ("Try the demo gateway" opens it), then the form's rules (zod), which its first check needs.
const ONBOARDING_NEXT = [shell, onboardingRules];

function Onboarding(): ReactElement {
  useIdlePreload(ONBOARDING_NEXT);
  return <OnboardingPage />;
}

/** Theme and language are stored by main with the other settings; the renderer store mirrors them. */
function useSettingsMirror(): void {
  const settings = useSettings();
  const setTheme = useStudioStore((s) => s.setTheme);
  const setLanguage = useStudioStore((s) => s.setLanguage);
  const theme = settings.data?.theme;
  const language = settings.data?.language;
  useEffect(() => {
    if (theme) setTheme(theme);
  }, [theme, setTheme]);
  useEffect(() => {
    if (language) setLanguage(language);
  }, [language, setLanguage]);
}

function Root(): ReactElement {
  const { t } = useTranslation();
  usePreferencesEffect();
  useSettingsMirror();
  const session = useSession();

  if (session.isPending) return <Booting />;
  if (session.isError) {
    return (
      <div className="boot">
        <div className="boot-error">
          <Alert>{errorSentence(session.error, t)}</Alert>
          <Button onClick={() => void session.refetch()}>{t('common.retry')}</Button>
        </div>
      </div>
    );
  }
  if (session.data.mode === 'unconfigured') return <Onboarding />;
  return <shell.Page session={session.data} />;
}

export function App({ queryClient }: { queryClient: QueryClient }): ReactElement {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={useHashLocation}>
        <Root />
      </Router>
    </QueryClientProvider>
  );
}
