// Tasks: every generation with live state and progress (kept current by bridge events), its cost, its files.
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { TaskRecord } from '../../../shared/studio/records';
import { errorSentence } from '../../lib/bridge-error';
import { formatBytes, formatRelative } from '../../lib/format';
import type { DownloadState } from '../../lib/cache-updates';
import { useDownloads } from '../../lib/use-bridge-events';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { useNow } from '../../lib/use-now';
import { useMediaUrl } from '../../lib/use-media-url';
import { useRerunTask, useStopTask } from './api/task-actions';
import { useTaskPages } from './api/task-pages';
import { useLibrary } from '../../lib/api/library';
import { useStudioStore } from '../../store/studio-store';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyableId } from '../../ui/copyable-id';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { TaskNotices } from '../../ui/task-notices';
import { LinkExpiryFlag } from '../../ui/link-expiry-flag';
import { TaskCost } from '../../ui/task-cost';
import { TasksTotal } from './tasks-total';
import { QueuePanel } from './queue-panel';
import { isActiveTask, TaskProgress, TaskStatePill } from '../../ui/task-status';
import './tasks.css';
import { libraryAddress } from '../../lib/library-address';

function promptOf(task: TaskRecord): string | null {
  const prompt = task.params.prompt;
  return typeof prompt === 'string' && prompt.trim() !== '' ? prompt : null;
}

function TaskRow({
  task,
  now,
  thumbnail,
  download,
  current,
}: {
  /** The task the address names (#/tasks/<id>, e.g. from a "Run again" toast): scrolled to and marked. */
  current: boolean;
  task: TaskRecord;
  now: number;
  thumbnail: { url: string; itemId: string } | null;
  download: DownloadState | undefined;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const stop = useStopTask();
  const rerun = useRerunTask();
  const pushToast = useStudioStore((s) => s.pushToast);
  const prompt = promptOf(task);
  const onFailure = (error: unknown) => pushToast('error', errorSentence(error, t));
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (current) row.current?.scrollIntoView({ block: 'center' });
  }, [current]);

  return (
    <li
      ref={row}
      className={current ? 'task card is-current' : 'task card'}
      aria-current={current ? 'true' : undefined}
      data-testid="task-row"
      data-task-id={task.id}
      data-state={task.state}
    >
      {thumbnail ? <img className="task-thumb" src={thumbnail.url} alt="" /> : null}
      <div className="task-body">
        <div className="task-top">
          <div className="task-title">
            <span className="task-family">{t(`create.families.${task.family}`)}</span>
            <TaskStatePill task={task} />
          </div>
          <span className="task-when">
            {t('tasks.created', { time: formatRelative(task.createdAt, now, i18n.language) })}
          </span>
        </div>
        {prompt ? <p className="task-prompt">{prompt}</p> : null}
        {task.remoteId ? (
          <CopyableId
            label={t('tasks.gatewayId')}
            value={task.remoteId}
            copyLabel={t('common.copy')}
            copiedLabel={t('common.copied')}
            onCopyFailed={() => pushToast('error', t('common.copyFailed'))}
          />
        ) : null}
        {/* A task that failed before any progress has no bar worth showing: its error says what happened. */}
        {task.error && task.progress === 0 ? null : (
          <div className="task-progress-row">
            <TaskProgress task={task} />
            <span className="task-percent" data-testid="task-progress">
              {t('tasks.progress', { progress: Math.round(task.progress) })}
            </span>
          </div>
        )}
        {/* An interrupted task's error is said by its charge notice, with what to do about it. */}
        {task.error && task.state !== 'interrupted' ? (
          <Alert testId="task-error">{gatewayErrorSentence(task.error, t)}</Alert>
        ) : null}
        <TaskNotices task={task} />
        <div className="task-foot">
          <span className="task-meta">
            <TaskCost task={task} />
            <LinkExpiryFlag task={task} />
            {task.downloads.total > 0 ? (
              <span data-testid="task-files">
                {/* Every file saved and then deleted: say that alone, not "0 of 1 files saved". */}
                {task.downloads.deleted > 0 && task.downloads.deleted === task.downloads.total
                  ? t('tasks.filesDeleted', { count: task.downloads.deleted })
                  : t('tasks.files', {
                      done: task.downloads.done - task.downloads.deleted,
                      total: task.downloads.total,
                    }) +
                    (task.downloads.deleted > 0
                      ? ` · ${t('tasks.filesDeleted', { count: task.downloads.deleted })}`
                      : '')}
              </span>
            ) : null}
            {download &&
            task.downloads.done + task.downloads.failed + task.downloads.expired < task.downloads.total ? (
              <span data-testid="task-download">
                {download.totalBytes
                  ? t('tasks.downloadingShare', {
                      received: formatBytes(download.receivedBytes, i18n.language),
                      total: formatBytes(download.totalBytes, i18n.language),
                      percent: Math.floor((download.receivedBytes / download.totalBytes) * 100),
                    })
                  : t('tasks.downloadingUnknown', {
                      received: formatBytes(download.receivedBytes, i18n.language),
                    })}
              </span>
            ) : null}
          </span>
          <span className="task-actions">
            {isActiveTask(task) ? (
              <Button
                variant="ghost"
                busy={stop.isPending}
                onClick={() => stop.mutate(task.id, { onError: onFailure })}
              >
                {t('tasks.stop')}
              </Button>
            ) : (
              <Button
                variant="ghost"
                busy={rerun.isPending}
                onClick={() =>
                  rerun.mutate(task.id, {
                    // Say what started: the new row appears at the top, far from the button pressed.
                    onSuccess: (started) =>
                      pushToast(
                        'success',
                        t('tasks.rerunStarted', { family: t(`create.families.${task.family}`) }),
                        { href: `/tasks/${started.id}`, label: t('reuse.openTask') },
                      ),
                    onError: onFailure,
                  })
                }
              >
                {t('tasks.rerun')}
              </Button>
            )}
            {/* Nothing to open once every saved file was deleted. */}
            {task.state === 'completed' && task.downloads.done - task.downloads.deleted > 0 ? (
              <Link
                href={libraryAddress(thumbnail?.itemId)}
                className="btn btn-secondary"
              >
                {t('tasks.openLibrary')}
              </Link>
            ) : null}
          </span>
        </div>
      </div>
    </li>
  );
}

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
          <ul className="task-list">
            {tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                now={now}
                thumbnail={thumbnails.get(task.id) ?? null}
                download={downloads[task.id]}
                current={task.id === currentId}
              />
            ))}
          </ul>
          <div className="task-pager">
            <span className="muted" data-testid="tasks-shown" aria-live="polite">
              {t('tasks.shown', { shown: tasks.length, total: Math.max(total, tasks.length) })}
            </span>
            {pages.hasNextPage ? (
              <Button
                variant="secondary"
                busy={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
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
