// First: it starts the request that decides the first screen (app/first-request.ts says why).
import { firstScreen } from './app/first-request';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, track } from './app/app';
import { initI18n, switchLanguage } from './i18n/i18n';
import { useStudioStore } from './store/studio-store';
import './styles/theme.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';

initI18n();
// Watched from now, so an answer that comes before React's first render is in that render (and a failure is handled).
track(firstScreen);

const root = document.getElementById('root');
// A language other than English is fetched before the first render, so nothing shows in English first; if it
// cannot be fetched, the studio starts in English rather than not at all.
const language = useStudioStore.getState().language;
const languageReady = language === 'en' ? null : switchLanguage(language).catch(() => undefined);
const render = (): void => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App firstScreen={firstScreen} />
    </StrictMode>,
  );
};
if (languageReady) void languageReady.then(render);
else render();
