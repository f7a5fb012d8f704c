// The viewer's "Edit a region" (any picture) and, on a take of a region edit, "Edit again": the editor opens on
// the original with the take's region and instruction restored (read from the region edit the take was made by).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import { Button } from '../../../ui/button';
import { useRegionEditOf } from '../api/region-edit-of';

export function RegionEditActions({ item }: { item: BridgeLibraryItem }): ReactElement | null {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const edit = useRegionEditOf(item.id, item.kind === 'image' && item.batch !== undefined);
  if (item.kind !== 'image') return null;
  const original = edit.data?.originalItemId ?? null;
  return (
    <>
      <Button onClick={() => navigate(`/edit-region/item/${encodeURIComponent(item.id)}`)}>
        {t('regionEdit.open')}
      </Button>
      {original ? (
        <Button
          onClick={() =>
            navigate(`/edit-region/item/${encodeURIComponent(original)}/${encodeURIComponent(item.id)}`)
          }
        >
          {t('regionEdit.again')}
        </Button>
      ) : null}
    </>
  );
}
