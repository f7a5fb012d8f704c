// One progress bar for the batch last sent from Create: done, failed and the total, live (task events keep the
// task list current), and a way to the batch in the library. A task counts as done once completed with every
// file saved; failed when refused, interrupted, stopped, or completed with a file missing.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TaskRecord } from '../../../shared/studio/records';
import { useTaskList } from '../../lib/api/tasks';
import { Button } from '../../ui/button';
import { ProgressBar } from '../../ui/progress-bar';
import { useBatchStore } from '../../lib/batch-store';
import { libraryAddress } from '../../lib/library-address';

function outcome(task: TaskRecord): 'done' | 'failed' | 'running' {
  const ended = ['failed', 'interrupted', 'stopped', 'cancelled'] as const satisfies TaskRecord['state'][];
  if ((ended as readonly string[]).includes(task.state)) return 'failed';
  if (task.state !== 'completed') return 'running';
  const d = task.downloads;
  if (d.total > 0 && d.done === d.total) return 'done';
  return d.failed + d.expired > 0 ? 'failed' : 'running';
}

export function BatchProgress(): ReactElement | null {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const batch = useBatchStore((s) => s.current);
  const tasks = useTaskList().data?.tasks;
  if (!batch) return null;
  const mine = (tasks ?? []).filter((task) => task.batch?.id === batch.id);
  const done = mine.filter((task) => outcome(task) === 'done').length;
  const failed = mine.filter((task) => outcome(task) === 'failed').length;
  const finished = done + failed === batch.size;
  return (
    // Not a live region as a whole: each task's arrival would be read out. The status line below is there from
    // the start and speaks once, when the batch has finished.
    <section className="card card-pad batch-progress" data-testid="batch-progress">
      <p className="batch-progress-line">
        <strong>{t('batch.progress', { done, total: batch.size })}</strong>
        {failed > 0 ? (
          <span className="batch-progress-failed"> · {t('batch.progressFailed', { count: failed })}</span>
        ) : null}
      </p>
      <ProgressBar
        value={((done + failed) / batch.size) * 100}
        label={t('batch.progressLabel')}
        tone={finished ? (failed > 0 ? 'failed' : 'done') : 'active'}
      />
      <p className="field-hint" role="status">
        {finished ? t('batch.finished') : null}
      </p>
      <Button
        variant="secondary"
        onClick={() => navigate(libraryAddress(null, new URLSearchParams({ batch: batch.id }).toString()))}
      >
        {t('batch.openInLibrary')}
      </Button>
    </section>
  );
}
