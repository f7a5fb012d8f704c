import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n, switchLanguage } from './i18n/i18n';
import { sessionQueryOptions } from './lib/api/session';
import { settingsQueryOptions } from './lib/api/settings';
import { createQueryClient } from './lib/query-client';
import { useStudioStore } from './store/studio-store';
import './styles/theme.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';

initI18n();
const queryClient = createQueryClient();
// What decides the first screen (onboarding or the studio) is asked for now, in one batched request, while React
// renders, instead of from the first render's effects a frame later.
void queryClient.prefetchQuery(sessionQueryOptions());
void queryClient.prefetchQuery(settingsQueryOptions());

const root = document.getElementById('root');
// A language other than English is fetched before the first render, so nothing shows in English first; if it
// cannot be fetched, the studio starts in English rather than not at all.
const language = useStudioStore.getState().language;
const languageReady = language === 'en' ? null : switchLanguage(language).catch(() => undefined);
const render = (): void => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
};
if (languageReady) void languageReady.then(render);
else render();
