// The studio frame once a gateway is chosen: sidebar, header with the balance, the routed page, toasts.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { BridgeEvent, SessionStatus } from '../../shared/bridge';
import { isActiveState } from '../../shared/studio/records';
import { CreatePage } from '../features/create/create-page';
import { TasksPage } from '../features/tasks/tasks-page';
import { useSettings } from '../lib/api/settings';
import { useTaskList } from '../lib/api/tasks';
import { useBridgeEvents } from '../lib/use-bridge-events';
import { TaskAnnouncements } from '../lib/task-announcements';
import { useStudioStore } from '../store/studio-store';
import { PageBoundary } from '../ui/page-boundary';
import { Toasts } from '../ui/toasts';
import { BalanceBadge } from './balance-badge';
import { KeyboardLayer } from './keyboard-layer';
import { COMPARE_GROUP_ROUTE, COMPARE_ROUTE, LIBRARY_ROUTE, ROUTES, SYNC_ROUTE } from './routes';
import { Sidebar } from './sidebar';
import { preloadablePage } from './preloadable-page';

// Pages other than Create (the first one shown) load on first visit: recharts alone is most of the bundle, and
// the library's grid and viewer are the next largest. `npm run bench -- renderer` measures what this saves.
const UsagePage = lazy(() => import('../features/usage/usage-page').then((m) => ({ default: m.UsagePage })));
// Compare is opened from the library now and then, not at start: it loads when first asked for.
const ComparePage = lazy(() =>
  import('../features/compare/compare-page').then((m) => ({ default: m.ComparePage })),
);
const CompareGroupPage = lazy(() =>
  import('../features/compare/group-page').then((m) => ({ default: m.CompareGroupPage })),
);
const SpeechPage = lazy(() =>
  import('../features/speech/speech-page').then((m) => ({ default: m.SpeechPage })),
);
const library = preloadablePage(() => import('../features/library/library-page').then((m) => m.LibraryPage));
const LibraryPage = library.Page;

/**
 * The Library is where a creator goes next: its code is fetched once the start is done and the page is idle, so
 * the start stays as light as it was and opening the Library waits for its data only (preloadable-page.tsx).
 */
function usePrefetchedLibrary(): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return undefined;
    const id = requestIdleCallback(() => void library.preload().catch(() => undefined), { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }, []);
}
const SyncPage = lazy(() => import('../features/sync/sync-page').then((m) => ({ default: m.SyncPage })));
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);

export function Shell({ session }: { session: SessionStatus }): ReactElement {
  const { t } = useTranslation();
  const settings = useSettings();
  const tasks = useTaskList();
  const pushToast = useStudioStore((s) => s.pushToast);
  usePrefetchedLibrary();

  // Failures become error toasts, finished tasks and progress polite announcements, throttled as a whole.
  const [announcements] = useState(() => new TaskAnnouncements((text) => pushToast('error', text)));
  const onEvent = useCallback((event: BridgeEvent) => announcements.onEvent(event, t), [announcements, t]);
  useBridgeEvents(true, onEvent);

  // A new page starts at its top; moving within a page (a family, an opened library item) keeps the scroll.
  const mainRef = useRef<HTMLElement>(null);
  const [location] = useLocation();
  const section = location.split('/')[1] ?? '';
  useEffect(() => {
    mainRef.current?.scrollTo(0, 0);
  }, [section]);

  const activeTasks = tasks.data?.tasks.filter((task) => isActiveState(task.state)).length ?? 0;

  return (
    <div className="shell">
      <Sidebar activeTasks={activeTasks} />
      <header className="header">
        {session.mode === 'demo' ? <span className="demo-pill">{t('balance.demo')}</span> : null}
        <span className="header-spacer" />
        <BalanceBadge unit={settings.data?.balanceUnit ?? 'usd'} enabled />
      </header>
      {/* Focusable by script only: where focus lands when what had it is gone (a page left, a dialog closed). */}
      <main className="main" ref={mainRef} tabIndex={-1}>
        {/* One boundary per page (keyed by section): a page that throws leaves the rest of the studio usable. */}
        <PageBoundary key={section} home={ROUTES.create}>
          <Suspense
            fallback={
              <div className="page-loading" role="status" data-testid="page-loading">
                <span className="spinner" aria-hidden="true" />
                {t('common.loading')}
              </div>
            }
          >
            <Switch>
              <Route path={`${ROUTES.create}/:family?`} component={CreatePage} />
              <Route path={`${ROUTES.tasks}/:task?`} component={TasksPage} />
              <Route path={LIBRARY_ROUTE} component={LibraryPage} />
              <Route path={`${COMPARE_ROUTE}/:a/:b`} component={ComparePage} />
              <Route path={`${COMPARE_GROUP_ROUTE}/:batch`} component={CompareGroupPage} />
              <Route path={ROUTES.speech} component={SpeechPage} />
              <Route path={ROUTES.usage} component={UsagePage} />
              <Route path={ROUTES.settings} component={SettingsPage} />
              <Route path={SYNC_ROUTE} component={SyncPage} />
              <Route>
                <Redirect to={ROUTES.create} replace />
              </Route>
            </Switch>
          </Suspense>
        </PageBoundary>
      </main>
      <Toasts />
      <KeyboardLayer />
    </div>
  );
}
