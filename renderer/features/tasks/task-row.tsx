// One task in the Tasks feed: its family and state, prompt, progress, cost, files and actions. An <article> of
// the feed (task-feed.tsx), placed and measured by the virtualiser, saying its place in the whole list.
import { memo, useId, useState, type ReactElement, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TaskRecord } from '../../../shared/studio/records';
import { errorSentence } from '../../lib/bridge-error';
import { formatBytes, formatRelative } from '../../lib/format';
import type { DownloadState } from '../../lib/cache-updates';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { useStopTask } from './api/task-actions';
import { useRunAgain } from '../../lib/run-again';
import { useStudioStore } from '../../store/studio-store';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyableId } from '../../ui/copyable-id';
import { TaskNotices } from '../../ui/task-notices';
import { LinkExpiryFlag } from '../../ui/link-expiry-flag';
import { TaskCost } from '../../ui/task-cost';
import { isActiveTask, ResumedNote, SlowCheckNote, TaskProgress, TaskStatePill } from '../../ui/task-status';
import { libraryAddress } from '../../lib/library-address';
import { timeLeftWords } from '../../lib/link-expiry';
import { useTaskFamilyLabel } from '../../lib/task-family-label';

function promptOf(task: TaskRecord): string | null {
  const prompt = task.params.prompt;
  return typeof prompt === 'string' && prompt.trim() !== '' ? prompt : null;
}

/**
 * Memoised: scrolling re-renders the feed on every scroll event, and a row whose props did not change need not.
 * A measured row moves every row below it (a new `top`): only this article is re-rendered then, not its body.
 */
export const TaskRow = memo(function TaskRow({
  task,
  now,
  thumbnail,
  download,
  current,
  index,
  setSize,
  top,
  measureRef,
}: TaskRowBodyProps & {
  /** The task the address names (#/tasks/<id>, e.g. from a "Run again" toast): scrolled to and marked. */
  current: boolean;
  /** Its index in the loaded list (the virtualiser's), and how many tasks there are in all. */
  index: number;
  setSize: number;
  /** Its top within the feed, in px. */
  top: number;
  /** The virtualiser's measuring ref: rows differ in height (a prompt, an error, notices). */
  measureRef: Ref<HTMLElement>;
}): ReactElement {
  const id = useId();
  const prompt = promptOf(task);

  return (
    // The WAI-ARIA feed pattern: each article takes the focus so Page Down / Page Up can step through the feed
    // (task-feed.tsx); its name is its family, state and prompt, and it says its place among all the tasks.
    <article
      ref={measureRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a feed's articles take the focus (APG)
      tabIndex={0}
      className={current ? 'task card is-current' : 'task card'}
      style={{ transform: `translateY(${top}px)` }}
      aria-current={current ? 'true' : undefined}
      aria-labelledby={`${id}-family ${id}-state${prompt ? ` ${id}-prompt` : ''}`}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-index={index}
      data-testid="task-row"
      data-task-id={task.id}
      data-state={task.state}
    >
      <TaskRowBody id={id} task={task} now={now} thumbnail={thumbnail} download={download} />
    </article>
  );
});

interface TaskRowBodyProps {
  task: TaskRecord;
  now: number;
  thumbnail: { url: string; itemId: string } | null;
  download: DownloadState | undefined;
}

/**
 * When the task started while it runs; once it has ended, when it ended and how long it took: "Started now" on a
 * task finished an hour ago (the feed's clock ticks coarsely) said neither.
 */
function TaskWhen({ task, now }: { task: TaskRecord; now: number }): string {
  const { t, i18n } = useTranslation();
  if (isActiveTask(task))
    return t('tasks.created', { time: formatRelative(task.createdAt, now, i18n.language) });
  // A task that ended without a completion time from the gateway (stopped, failed) ended when it was last changed.
  const endedAt = task.completedAt ?? task.updatedAt;
  return t('tasks.finished', {
    time: formatRelative(endedAt, now, i18n.language),
    took: timeLeftWords(Math.max(0, endedAt - task.createdAt), i18n.language),
  });
}

/** What the row shows; `id` prefixes the ids the article's name is made of. */
const TaskRowBody = memo(function TaskRowBody({
  id,
  task,
  now,
  thumbnail,
  download,
}: TaskRowBodyProps & { id: string }): ReactElement {
  const { t, i18n } = useTranslation();
  const stop = useStopTask();
  const [askingStop, setAskingStop] = useState(false);
  const runAgain = useRunAgain();
  const pushToast = useStudioStore((s) => s.pushToast);
  const prompt = promptOf(task);
  const familyLabel = useTaskFamilyLabel(t)(task.family, task.model);
  const onFailure = (error: unknown) => pushToast('error', errorSentence(error, t));

  return (
    <>
      {thumbnail ? <img className="thumb task-thumb" src={thumbnail.url} alt="" /> : null}
      <div className="task-body">
        <div className="task-top">
          <div className="task-title">
            <span className="task-family" id={`${id}-family`}>
              {familyLabel}
            </span>
            <TaskStatePill task={task} id={`${id}-state`} />
          </div>
          <span className="task-when">
            <TaskWhen task={task} now={now} />
          </span>
        </div>
        {prompt ? (
          <p className="task-prompt" id={`${id}-prompt`}>
            {prompt}
          </p>
        ) : null}
        <ResumedNote task={task} now={now} />
        <SlowCheckNote task={task} now={now} />
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
              // Asked first: the gateway may still finish and charge the task whatever the app does.
              <Button variant="ghost" busy={stop.isPending} onClick={() => setAskingStop(true)}>
                {t('tasks.stop')}
              </Button>
            ) : (
              <Button
                variant="ghost"
                busy={runAgain.busy}
                onClick={() =>
                  void runAgain.run(task).then((outcome) => {
                    if (outcome.status === 'failed') return onFailure(outcome.error);
                    if (outcome.status === 'stopped') {
                      if (outcome.failure) pushToast('error', outcome.failure);
                      return;
                    }
                    // Say what started: the new row appears at the top, far from the button pressed.
                    pushToast('success', t('tasks.rerunStarted', { family: familyLabel }), {
                      href: `/tasks/${outcome.value.id}`,
                      label: t('reuse.openTask'),
                    });
                  })
                }
              >
                {t('tasks.rerun')}
              </Button>
            )}
            {/* Nothing to open once every saved file was deleted. */}
            {task.state === 'completed' && task.downloads.done - task.downloads.deleted > 0 ? (
              <Link href={libraryAddress(thumbnail?.itemId)} className="btn btn-secondary">
                {t('tasks.openLibrary')}
              </Link>
            ) : null}
          </span>
        </div>
      </div>
      {askingStop ? (
        <ConfirmDialog
          title={t('tasks.stopAsk.title')}
          message={t('tasks.stopAsk.body')}
          confirmLabel={t('tasks.stopAsk.confirm')}
          cancelLabel={t('tasks.stopAsk.keep')}
          busy={stop.isPending}
          onConfirm={() =>
            stop.mutate(task.id, { onError: onFailure, onSettled: () => setAskingStop(false) })
          }
          onCancel={() => setAskingStop(false)}
        />
      ) : null}
      {runAgain.dialog}
    </>
  );
});
