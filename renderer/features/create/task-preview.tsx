// The Create page's right panel: the task just submitted, live, and what it produced once that is in the
// library: pictures, a video playing with its controls, or an audio player per track under its cover.
import type { ReactElement } from 'react';
import type { FamilyKind } from '../../../shared/catalog';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { TaskRecord } from '../../../shared/studio/records';
import { taskOutcome } from '../../../shared/studio/task-outcome';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { useTaskList } from '../../lib/api/tasks';
import { useTaskItems } from './api/task-items';
import { useMediaUrl } from '../../lib/use-media-url';
import { libraryAddress } from '../../lib/library-address';
import { Button } from '../../ui/button';
import { SavingResult } from './saving-result';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icons';
import { MediaView } from '../../ui/media-view';
import { TaskNotices } from '../../ui/task-notices';
import { LinkExpiryFlag } from '../../ui/link-expiry-flag';
import { TaskCost } from '../../ui/task-cost';
import { TaskProgress, TaskStatePill } from '../../ui/task-status';

/** What the empty panel promises, by what the chosen family makes. */
const EMPTY_TITLE = {
  image: 'create.emptyPreviewTitle',
  upscale: 'create.emptyPreviewTitle',
  video: 'create.emptyPreviewVideo',
  music: 'create.emptyPreviewMusic',
  speech: 'create.emptyPreviewMusic',
} as const satisfies Record<FamilyKind, string>;

export function TaskPreview({
  submitted,
  kind,
}: {
  submitted: TaskRecord | null;
  /** What the family on the form makes, for the empty panel's promise. */
  kind: FamilyKind;
}): ReactElement {
  const { t } = useTranslation();
  const tasks = useTaskList();
  const library = useTaskItems(submitted?.id ?? null);
  const toUrl = useMediaUrl();
  const [, navigate] = useLocation();

  if (!submitted) {
    return (
      <div className="preview preview-empty">
        <EmptyState
          icon={kind === 'video' ? 'spark' : kind === 'music' ? 'speech' : 'image'}
          title={t(EMPTY_TITLE[kind])}
        >
          <p>{t('create.emptyPreview')}</p>
        </EmptyState>
      </div>
    );
  }

  // Events keep the cached list current; the mutation's answer is only the first snapshot.
  const task = tasks.data?.tasks.find((candidate) => candidate.id === submitted.id) ?? submitted;
  const incomplete = taskOutcome(task) === 'incomplete';
  const items = library.data ?? [];

  return (
    <div className="preview card" data-testid="task-preview" data-task-id={task.id} data-family={task.family}>
      <div className="preview-head">
        <h2>{t('create.lastTask')}</h2>
        <TaskStatePill task={task} />
      </div>
      <div className="preview-stage">
        {items.length > 0 ? (
          items.map((item) => {
            const src = toUrl(item.relativePath);
            const cover = item.thumbnailRelativePath ? toUrl(item.thumbnailRelativePath) : null;
            return src ? (
              <figure key={item.id} className="preview-result">
                <MediaView
                  kind={item.kind}
                  src={src}
                  cover={cover}
                  label={item.title ?? item.prompt ?? ''}
                  autoPlay
                  testId={`preview-${item.kind === 'speech' ? 'audio' : item.kind}`}
                />
                {/* The viewer holds every action on a result (favourite, reuse, compare, export, delete). */}
                <Button
                  variant="ghost"
                  icon={<Icon name="fullscreen" />}
                  onClick={() => navigate(libraryAddress(item.id))}
                >
                  {t('create.openInViewer')}
                </Button>
              </figure>
            ) : null;
          })
        ) : (
          <div className={task.error || incomplete ? 'preview-waiting is-failed' : 'preview-waiting'}>
            {incomplete && !task.error ? (
              <div className="preview-failed" data-testid="preview-missing">
                <Icon name="alert" size={36} />
                <strong>{t('tasks.outcome.incomplete')}</strong>
              </div>
            ) : task.state === 'interrupted' ? (
              // Its outcome is unknown (or it was never sent): the notice below says what that means for the
              // charge. The kept error's own sentence is not said here: a refusal's words ("Nothing was
              // charged") beside "may have charged" would say both at once.
              <div className="preview-failed" data-testid="preview-unknown">
                <Icon name="alert" size={36} />
                <strong>{t(`tasks.outcome.${taskOutcome(task)}`)}</strong>
                {/* Why, where the reason claims nothing about the charge: a gateway that cannot be reached. */}
                {task.error?.type === 'network_error' ? <p>{gatewayErrorSentence(task.error, t)}</p> : null}
              </div>
            ) : task.error ? (
              <div className="preview-failed" data-testid="preview-failed">
                <Icon name="alert" size={36} />
                <strong>{t('create.previewFailedTitle')}</strong>
                {/* Said here too: the form's own alert is gone once the user leaves Create and comes back. */}
                <p>{gatewayErrorSentence(task.error, t)}</p>
              </div>
            ) : task.state === 'completed' ? (
              // Done at the gateway: what is left is saving the files (or they were deleted since), never "100%".
              <SavingResult task={task} />
            ) : (
              <>
                <div className="preview-glow" aria-hidden="true" />
                <span className="preview-percent">
                  {t('tasks.progress', { progress: Math.round(task.progress) })}
                </span>
              </>
            )}
          </div>
        )}
      </div>
      {/* Keyed by task so the bar does not animate from the previous task's value. A failed task has no
          progress worth a bar: the stage says what happened. */}
      {task.error ? null : <TaskProgress key={task.id} task={task} />}
      {/* The status line: which file is missing and why, or that the gateway may have charged it. */}
      <TaskNotices task={task} />
      <p className="preview-meta">
        <TaskCost task={task} />
        <LinkExpiryFlag task={task} />
      </p>
      <Link href="/tasks" className="preview-link">
        {t('create.viewTasks')}
      </Link>
    </div>
  );
}
