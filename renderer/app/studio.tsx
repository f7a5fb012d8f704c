// Once a gateway is chosen: the server-data cache (React Query, the tRPC client) and the studio frame, a chunk
// fetched after onboarding is painted. The cache starts with the first screen's two answers (first-screen.ts), so
// nothing is asked twice, and from here on the session in the cache decides: clearing the key in Settings brings
// onboarding back.
import { useEffect, useState, type ReactElement } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OnboardingPage } from '../features/onboarding/onboarding-page';
import type { OnboardingAnswer } from '../features/onboarding/onboarding-actions';
import { errorSentence } from '../lib/bridge-error';
import type { FirstScreen } from '../lib/first-screen';
import { refreshAfterSessionChange, useSession } from '../lib/api/session';
import { useSettings } from '../lib/api/settings';
import { createQueryClient, queryKeys } from '../lib/query-client';
import { useStudioStore } from '../store/studio-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Shell } from './shell';

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

function Decision(): ReactElement {
  const { t } = useTranslation();
  const client = useQueryClient();
  useSettingsMirror();
  const session = useSession();
  const savedBaseUrl = useSettings().data?.baseUrl ?? null;
  const onAnswer = (answer: OnboardingAnswer): void => {
    if (answer.settings) client.setQueryData(queryKeys.settings, answer.settings);
    client.setQueryData(queryKeys.session, answer.session);
    void refreshAfterSessionChange(client);
  };

  if (session.isPending) return <div className="boot">{t('common.loading')}</div>;
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
  if (session.data.mode === 'unconfigured')
    return <OnboardingPage session={session.data} savedBaseUrl={savedBaseUrl} onAnswer={onAnswer} />;
  return <Shell session={session.data} />;
}

export function Studio({ first }: { first: FirstScreen }): ReactElement {
  const [client] = useState(() => {
    const created = createQueryClient();
    created.setQueryData(queryKeys.session, first.session);
    created.setQueryData(queryKeys.settings, first.settings);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <Decision />
    </QueryClientProvider>
  );
}
