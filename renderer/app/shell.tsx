// The studio frame once a gateway is chosen: sidebar, header with the balance, the routed page, toasts.
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
// zod's error map, installed with the studio's first schemas rather than at start (shared/validation/error-map.ts).
import '../../shared/validation/error-map';
import type { BridgeEvent, SessionStatus } from '../../shared/bridge';
import { isActiveState } from '../../shared/studio/records';
import { useSettings } from '../lib/api/settings';
import { useTaskList } from '../lib/api/tasks';
import { useBridgeEvents } from '../lib/use-bridge-events';
import { TaskAnnouncements } from '../lib/task-announcements';
import { WebTaskNotifier } from '../lib/web-notifications';
import { useStudioStore } from '../store/studio-store';
import { PageBoundary } from '../ui/page-boundary';
import { Toasts } from '../ui/toasts';
import { BalanceBadge } from './balance-badge';
import { KeyboardLayer } from './keyboard-layer';
import { ROUTES } from './routes';
import { Sidebar } from './sidebar';
import { Pages, usePrefetchedPages } from './pages';

export function Shell({ session }: { session: SessionStatus }): ReactElement {
  const { t } = useTranslation();
  const settings = useSettings();
  const tasks = useTaskList();
  const pushToast = useStudioStore((s) => s.pushToast);
  usePrefetchedPages();

  // Failures become error toasts, finished tasks and progress polite announcements, throttled as a whole.
  const [announcements] = useState(() => new TaskAnnouncements((text) => pushToast('error', text)));
  // Web mode also says a task's end as a browser notification (the desktop app shows its own from main).
  const [notices] = useState(() => new WebTaskNotifier(Date.now()));
  const onEvent = useCallback(
    (event: BridgeEvent) => {
      announcements.onEvent(event, t);
      notices.onEvent(event, t);
    },
    [announcements, notices, t],
  );
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
          <Pages />
        </PageBoundary>
      </main>
      <Toasts />
      <KeyboardLayer />
    </div>
  );
}
