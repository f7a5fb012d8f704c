// Compare models: one prompt sent to several models at one press (#/compare-group/<batch id>), every result side
// by side (two) or in a grid (more), each labelled with its model, what it cost and how long it took. Create
// opens it after the press and fills it in as results arrive; the library opens it from any item of the group.
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { modelConfigFromOverrides } from '../../../shared/catalog';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import type { TaskRecord } from '../../../shared/studio/records';
import { taskOutcome } from '../../../shared/studio/task-outcome';
import { errorSentence } from '../../lib/bridge-error';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { useSettings } from '../../lib/api/settings';
import { modelLabel } from '../../lib/model-label';
import { useMediaUrl } from '../../lib/use-media-url';
import { Alert } from '../../ui/alert';
import { EmptyState } from '../../ui/empty-state';
import { MediaView } from '../../ui/media-view';
import { Page } from '../../ui/page';
import { TaskCost } from '../../ui/task-cost';
import { TaskStatePill } from '../../ui/task-status';
import { useGroupItems, useGroupTasks } from './api/get-group';
import './compare.css';
import { libraryAddress } from '../../lib/library-address';

export interface GroupCell {
  task: TaskRecord;
  /** The task's first result in the library; undefined until it is filed. */
  item: BridgeLibraryItem | undefined;
  /** The model as people read it ("I1 · Pro"). */
  label: string;
}

/** How long a task took, from its press to its completion, in whole seconds; null while it runs. */
export function secondsTaken(task: TaskRecord): number | null {
  return task.completedAt === null
    ? null
    : Math.max(0, Math.round((task.completedAt - task.createdAt) / 1000));
}

/**
 * The grid itself, apart from its data: two cells side by side, more in a grid. `queued`: the labels of models
 * still waiting in the submission queue, after the tasks, as the press ordered them.
 */
export function GroupGrid({
  cells,
  queued = [],
}: {
  cells: readonly GroupCell[];
  queued?: readonly string[];
}): ReactElement {
  const { t } = useTranslation();
  const layout = cells.length + queued.length <= 2 ? 'pair' : 'grid';
  return (
    <ul
      className={`compare-group is-${layout}`}
      data-layout={layout}
      data-testid="compare-group"
      aria-label={t('compareGroup.results')}
    >
      {cells.map((cell) => (
        <GroupTile key={cell.task.id} {...cell} />
      ))}
      {queued.map((label, i) => (
        <GroupCellFrame
          key={`queued-${i}`}
          label={label}
          media={<p className="muted">{t('compareGroup.queued')}</p>}
        />
      ))}
    </ul>
  );
}

function GroupTile({ task, item, label }: GroupCell): ReactElement {
  const { t } = useTranslation();
  const toUrl = useMediaUrl();
  const seconds = secondsTaken(task);
  const src = item ? toUrl(item.relativePath) : null;
  const outcome = taskOutcome(task);
  const failed =
    outcome === 'failed' || outcome === 'stopped' || outcome === 'interrupted' || outcome === 'unsent';
  return (
    <GroupCellFrame
      label={label}
      media={
        item && src ? (
          <MediaView
            kind={item.kind}
            src={src}
            label={`${label}: ${item.prompt ?? ''}`}
            mime={item.mime}
            cover={item.thumbnailRelativePath ? toUrl(item.thumbnailRelativePath) : null}
            testId="group-media"
          />
        ) : failed ? (
          <p className="compare-group-failed">
            {t('compareGroup.failed', {
              reason: task.error ? gatewayErrorSentence(task.error, t) : t(`tasks.outcome.${outcome}`),
            })}
          </p>
        ) : (
          <p className="muted">{t('compareGroup.waiting')}</p>
        )
      }
    >
      <TaskStatePill task={task} />
      <TaskCost task={task} />
      <span data-testid="group-time">
        {seconds === null ? t('compareGroup.timeUnknown') : t('compareGroup.took', { seconds })}
      </span>
      {item ? (
        <Link href={libraryAddress(item.id)} className="compare-open">
          {t('compare.open')}
        </Link>
      ) : null}
    </GroupCellFrame>
  );
}

/** One model's cell of the group: its media (or why there is none) over a caption led by the model's name. */
function GroupCellFrame({
  label,
  media,
  children,
}: {
  label: string;
  media: ReactNode;
  children?: ReactNode;
}): ReactElement {
  return (
    <li className="compare-group-cell" data-testid="group-cell" aria-label={label}>
      <div className="compare-group-media">{media}</div>
      <div className="compare-group-caption">
        <span className="compare-group-model" data-testid="group-model">
          {label}
        </span>
        {children}
      </div>
    </li>
  );
}

export function CompareGroupPage(): ReactElement {
  const { t } = useTranslation();
  const { batch = '' } = useParams<{ batch: string }>();
  const batchId = decodeURIComponent(batch);
  const settings = useSettings();
  const models = modelConfigFromOverrides(settings.data?.modelOverrides ?? {});
  const group = useGroupTasks(batchId);
  const items = useGroupItems(batchId);
  const error = group.error ?? items.error;

  const body = (): ReactElement => {
    if (error) return <Alert>{errorSentence(error, t)}</Alert>;
    if (!group.data) return <p className="muted">{t('common.loading')}</p>;
    const { tasks, queued } = group.data;
    if (tasks.length + queued.length === 0) {
      return <EmptyState icon="alert" title={t('compareGroup.empty')} />;
    }
    const filed = items.data?.items ?? [];
    const cells = tasks.map((task) => ({
      task,
      item: filed.find((i) => i.taskId === task.id),
      label: modelLabel(task.family, task.model, models, t),
    }));
    const prompt = tasks[0]?.params.prompt;
    const [a, b] = cells.map((c) => c.item);
    const pair = cells.length === 2 && queued.length === 0 && a && b ? { a, b } : null;
    return (
      <>
        {typeof prompt === 'string' ? (
          <p className="compare-group-prompt">{t('compareGroup.prompt', { prompt })}</p>
        ) : null}
        <GroupGrid cells={cells} queued={queued.map((q) => modelLabel(q.family, q.model, models, t))} />
        {/* Two results: the A/B comparison (slider, videos in step, settings diffed) is one press away. */}
        {pair ? (
          <p>
            <Link href={`/compare/${pair.a.id}/${pair.b.id}`} className="compare-open">
              {t('compareGroup.abView')}
            </Link>
          </p>
        ) : null}
      </>
    );
  };

  return (
    <Page title={t('compareGroup.title')} subtitle={t('compareGroup.subtitle')} wide>
      <div className="compare-page">{body()}</div>
    </Page>
  );
}
