// The viewer's "Edit a region" (any picture) and, on a take of a region edit, "Edit again": the editor opens on
// the original (a library item, or the picture dropped on Create, kept by its hash) with the take's region,
// instruction and model restored (read from the region edit the take was made by). An original that is gone is
// said in words, with no button that would open an editor on nothing.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import type { RegionTake } from '../../../../shared/studio/region-selection';
import { Button } from '../../../ui/button';
import { useRegionEditOf } from '../api/region-edit-of';

/** Where "Edit again" opens the editor on this take's original. */
function againAddress(take: RegionTake, takeId: string): string {
  const original = take.originalItemId
    ? `item/${encodeURIComponent(take.originalItemId)}`
    : `ref/${encodeURIComponent(take.originalSha256)}`;
  return `/edit-region/${original}/${encodeURIComponent(takeId)}`;
}

export function RegionEditActions({ item }: { item: BridgeLibraryItem }): ReactElement | null {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const edit = useRegionEditOf(item.id, item.kind === 'image' && item.batch !== undefined);
  if (item.kind !== 'image') return null;
  const take = edit.data ?? null;
  return (
    <>
      <Button onClick={() => navigate(`/edit-region/item/${encodeURIComponent(item.id)}`)}>
        {t('regionEdit.open')}
      </Button>
      {take?.originalKept ? (
        <Button onClick={() => navigate(againAddress(take, item.id))}>{t('regionEdit.again')}</Button>
      ) : take ? (
        <p className="muted">{t('regionEdit.originalGone')}</p>
      ) : null}
    </>
  );
}
