// Tasks: every generation with live state and progress (kept current by bridge events), its cost, its files.
// The list itself is task-feed.tsx (virtualised); each row is task-row.tsx.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { errorSentence } from '../../lib/bridge-error';
import { useDownloads } from '../../lib/use-bridge-events';
import { useNow } from '../../lib/use-now';
import { announce } from '../../lib/announcer';
import { useMediaUrl } from '../../lib/use-media-url';
import { useTaskPages } from './api/task-pages';
import { useLibrary } from '../../lib/api/library';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { TasksTotal } from './tasks-total';
import { QueuePanel } from './queue-panel';
import { TaskFeed } from './task-feed';
import './tasks.css';

export function TasksPage(): ReactElement {
  const { t } = useTranslation();
  const { task: currentId } = useParams<{ task?: string }>();
  const pages = useTaskPages();
  const now = useNow();
  const downloads = useDownloads();
  // The newest library page is enough to put a picture beside recent tasks.
  const library = useLibrary({ sort: 'newest' });
  const toUrl = useMediaUrl();
  const thumbnails = new Map<string, { url: string; itemId: string }>();
  for (const item of library.data?.pages.flatMap((p) => p.items) ?? []) {
    if (!item.taskId || thumbnails.has(item.taskId) || item.kind !== 'image') continue;
    const url = toUrl(item.thumbnailRelativePath ?? item.relativePath);
    if (url) thumbnails.set(item.taskId, { url, itemId: item.id });
  }

  // Pages are offsets into a list that grows at the top: a task that arrived since may show up twice.
  const seen = new Set<string>();
  const tasks = (pages.data?.pages.flatMap((p) => p.tasks) ?? []).filter(
    (task) => !seen.has(task.id) && seen.add(task.id),
  );
  const total = pages.data?.pages.at(-1)?.total ?? 0;

  return (
    <Page title={t('tasks.title')} subtitle={t('tasks.subtitle')}>
      <QueuePanel />
      {pages.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : pages.isError ? (
        <Alert>{errorSentence(pages.error, t)}</Alert>
      ) : tasks.length === 0 ? (
        <EmptyState icon="tasks">
          <p>{t('tasks.empty')}</p>
        </EmptyState>
      ) : (
        <>
          <TasksTotal />
          <TaskFeed
            tasks={tasks}
            total={total}
            now={now}
            thumbnails={thumbnails}
            downloads={downloads}
            currentId={currentId}
            more={pages}
          />
          <div className="task-pager">
            {/* Not a live region: pages load by themselves as the feed scrolls, and each would be spoken. Load
                more says it through the throttled announcer instead. */}
            <span className="muted" data-testid="tasks-shown">
              {t('tasks.shown', { shown: tasks.length, total: Math.max(total, tasks.length) })}
            </span>
            {pages.hasNextPage ? (
              <Button
                variant="secondary"
                busy={pages.isFetchingNextPage}
                onClick={() =>
                  void pages.fetchNextPage().then((result) => {
                    const loaded = new Set(result.data?.pages.flatMap((p) => p.tasks.map((task) => task.id)));
                    const all = result.data?.pages.at(-1)?.total ?? 0;
                    announce('tasks-shown', () =>
                      t('tasks.shown', { shown: loaded.size, total: Math.max(all, loaded.size) }),
                    );
                  })
                }
              >
                {t('tasks.loadMore')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Page>
  );
}
