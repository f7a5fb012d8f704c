// Where a shot stands in the newest run that sent it (the whole board's or its own), with its task's live
// progress from the task events, what stopped it in words, and its buttons: run this shot alone, and try it again
// when it failed (that run's failed part goes alone, asked about first like any press that spends); for a shot
// that continues from the one before, whether run alone it takes that shot's finished take or starts fresh.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { finishedTake, type BoardRun } from '../../../shared/studio/saved-storyboard';
import type { StoryboardRun } from '../../../shared/studio/storyboard';
import type { CostEstimate } from '../../../shared/studio/estimates';
import { useTaskList } from '../../lib/api/tasks';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { CostText } from '../../ui/cost-text';
import { ProgressBar } from '../../ui/progress-bar';

type Slot = StoryboardRun['shots'][number];

/** The newest run that sent shot `index`, and its slot there. */
export function shotInRuns(
  runs: readonly BoardRun[],
  index: number,
): { run: StoryboardRun; slot: Slot } | null {
  for (const { shot, run } of runs) {
    const slot = shot === null ? run.shots[index] : shot === index ? run.shots[0] : undefined;
    if (slot) return { run, slot };
  }
  return null;
}

export function ShotProgress({
  index,
  runs,
  continues,
  estimate,
  busy,
  onRun,
  onRetry,
}: {
  index: number;
  runs: readonly BoardRun[];
  /** The shot continues from the one before: run alone, it takes that shot's finished take, if there is one. */
  continues: boolean;
  estimate: CostEstimate | undefined;
  busy: boolean;
  onRun: () => void;
  onRetry: (runId: string) => void;
}): ReactElement {
  const { t } = useTranslation();
  const tasks = useTaskList();
  const n = index + 1;
  const found = shotInRuns(runs, index);
  const slot = found?.slot;
  const task = slot?.taskId ? tasks.data?.tasks.find((tk) => tk.id === slot.taskId) : undefined;
  const state = slot?.state ?? null;
  const value = state === 'completed' ? 100 : state === 'running' ? Math.max(5, task?.progress ?? 5) : 0;
  const running = found?.run.state === 'running';
  return (
    <div className="shot-foot">
      <p className="shot-price">
        {t('storyboard.shot.price')}{' '}
        {estimate ? <CostText usd={estimate.usd} credits={estimate.credits} /> : t('common.unknown')}
      </p>
      {state ? (
        <div className="shot-state" data-testid="shot-state" data-state={state}>
          <span
            className={`status-pill status-${state === 'completed' ? 'done' : state === 'failed' ? 'failed' : 'running'}`}
          >
            {t(`storyboard.state.${state}`)}
          </span>
          <ProgressBar
            value={value}
            label={t('storyboard.shot.progress', { n })}
            tone={state === 'failed' ? 'failed' : state === 'completed' ? 'done' : 'active'}
          />
        </div>
      ) : null}
      {slot?.error ? (
        <p className="field-error" role="alert">
          {gatewayErrorSentence(slot.error, t)}
        </p>
      ) : null}
      <div className="shot-actions">
        <button type="button" className="btn btn-small" disabled={busy || running} onClick={onRun}>
          {t('storyboard.shot.run', { n })}
        </button>
        {found && state === 'failed' && found.run.state === 'failed' ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => onRetry(found.run.id)}
          >
            {t('storyboard.shot.retry', { n })}
          </button>
        ) : null}
      </div>
      {continues ? (
        <p className="field-hint" data-testid="shot-alone-from">
          {finishedTake(runs, index - 1)
            ? t('storyboard.shot.aloneContinues', { before: index })
            : t('storyboard.shot.aloneFresh', { before: index })}
        </p>
      ) : null}
    </div>
  );
}
