// The library's batch filter (issues 9 and 13): "Showing one batch of 6" with a way back to the whole library,
// set from Create's batch progress; and the "batch of 6" badge a tile of a batch carries. Small on purpose, so
// the library toolbar can place it wherever its filters go.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskBatch } from '../../../shared/studio/records';
import { Button } from '../../ui/button';
import { useBatchStore } from '../../lib/batch-store';
import './batch-filter.css';

/** The library query's batch part: `{ batchId }` while one batch is shown alone. */
export function useBatchQuery(): { batchId?: string } {
  const batch = useBatchStore((s) => s.libraryFilter);
  return batch ? { batchId: batch.id } : {};
}

export function BatchFilter(): ReactElement | null {
  const { t } = useTranslation();
  const batch = useBatchStore((s) => s.libraryFilter);
  const filterLibrary = useBatchStore((s) => s.filterLibrary);
  if (!batch) return null;
  return (
    <span className="batch-filter" role="status" data-testid="batch-filter">
      {t('batch.filtered', { count: batch.size })}
      <Button variant="ghost" onClick={() => filterLibrary(null)}>
        {t('batch.showAll')}
      </Button>
    </span>
  );
}

export function BatchBadge({ batch }: { batch: TaskBatch | undefined }): ReactElement | null {
  const { t } = useTranslation();
  if (!batch) return null;
  return (
    <span className="batch-badge" data-testid="batch-badge">
      {t('batch.of', { count: batch.size })}
    </span>
  );
}
