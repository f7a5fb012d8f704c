import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { useStudioStore } from './store/studio-store';
import './styles/theme.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';

initI18n(useStudioStore.getState().language);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
}
