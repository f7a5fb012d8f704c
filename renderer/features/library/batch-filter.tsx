// The library's batch filter: "Showing one batch of 6" with a way back to the whole library, opened from
// Create's batch progress; and the "batch of 6" (or "comparison of 3 models") badge a tile or the viewer shows for
// an item of a batch. The batch shown is part of the library's view in the address (library-filters.ts), so
// reload and Back keep it.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskBatch } from '../../../shared/studio/records';
import { Button } from '../../ui/button';
import type { LibraryView } from './library-filters';
import './batch-filter.css';

export function BatchFilter({
  view,
  total,
  onChange,
}: {
  view: LibraryView;
  /** How many items the view holds (the batch's files); null until the library has answered. */
  total: number | null;
  onChange: (view: LibraryView) => void;
}): ReactElement | null {
  const { t } = useTranslation();
  if (!view.batch) return null;
  return (
    <span className="batch-filter" role="status" data-testid="batch-filter">
      {total === null ? t('batch.filteredOne') : t('batch.filtered', { count: total })}
      <Button variant="ghost" onClick={() => onChange({ ...view, batch: null })}>
        {t('batch.showAll')}
      </Button>
    </span>
  );
}

export function BatchBadge({
  batch,
  inline = false,
}: {
  batch: TaskBatch | undefined;
  /** In a line of text (the viewer's details) rather than over a tile's picture. */
  inline?: boolean;
}): ReactElement | null {
  // A press of one (a single region-edit take) is no batch to speak of: "batch of 1" would only puzzle. Said
  // before any hook: most tiles of a grid have no batch, and each mounts this badge while the grid scrolls.
  if (!batch || batch.size < 2) return null;
  return <BatchBadgeWords batch={batch} inline={inline} />;
}

function BatchBadgeWords({ batch, inline }: { batch: TaskBatch; inline: boolean }): ReactElement {
  const { t } = useTranslation();
  return (
    <span className={inline ? 'batch-badge is-inline' : 'batch-badge'} data-testid="batch-badge">
      {/* One prompt on several models is a comparison, not a batch of prompts: said as what it is. */}
      {batch.compare ? t('batch.compareOf', { count: batch.size }) : t('batch.of', { count: batch.size })}
    </span>
  );
}
