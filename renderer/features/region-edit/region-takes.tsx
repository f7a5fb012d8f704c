// The takes of one press as they are filed: each a new item beside the original (never over it), opened in the
// library or compared before/after with the original in the existing compare view (#/compare/<original>/<take>,
// slider or side by side; a Create reference's takes with the reference, #/compare/reference/<sha256>/<take>). "Keep this one" marks that take the press's keeper (a favourite, the one a favourites
// filter finds; keeping another moves the mark); "Discard the other takes" then sends the rest to the trash with
// Undo, as any deletion. Nothing is overwritten either way: the original and the kept take stay as filed.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LibraryItem } from '../../../shared/studio/records';
import { errorSentence } from '../../lib/bridge-error';
import { libraryAddress } from '../../lib/library-address';
import { useMediaUrl } from '../../lib/use-media-url';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { useSetFavourite } from '../../lib/api/library-actions';
import { useDeleteWithUndo } from '../../lib/delete-with-undo';
import { useTakes } from './api/regions';

/** Take numbers that do not shift as takes arrive or are discarded: the first seen is 1. */
function useTakeNumbers(): (id: string) => number {
  const numbers = useRef(new Map<string, number>());
  return (id) => {
    const known = numbers.current.get(id);
    if (known !== undefined) return known;
    const next = numbers.current.size + 1;
    numbers.current.set(id, next);
    return next;
  };
}

/** The compare view of a take beside what it was made from (features/compare: an item, or a reference). */
function compareAddress(original: { itemId: string } | { referenceSha: string }, takeId: string): string {
  const before =
    'itemId' in original
      ? encodeURIComponent(original.itemId)
      : `reference/${encodeURIComponent(original.referenceSha)}`;
  return `/compare/${before}/${encodeURIComponent(takeId)}`;
}

export function RegionTakes({
  batchId,
  original,
  takes,
}: {
  batchId: string;
  /** What the takes were made from: a library item, or a Create reference picture (by its hash). */
  original: { itemId: string } | { referenceSha: string };
  takes: number;
}): ReactElement {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const pushToast = useStudioStore((s) => s.pushToast);
  const filed = [...(useTakes(batchId).data?.items ?? [])].sort((a, b) => a.createdAt - b.createdAt);
  const numberOf = useTakeNumbers();
  for (const take of filed) numberOf(take.id);
  const favourite = useSetFavourite();
  const { remove, deleting } = useDeleteWithUndo();
  const [discarded, setDiscarded] = useState(0);
  const kept = filed.find((take) => take.favourite) ?? null;
  // The results come in below the form: brought into view once, as the press is made, so they are seen.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const others = kept ? filed.filter((take) => take.id !== kept.id) : [];

  const keep = async (take: LibraryItem) => {
    try {
      // One keeper per press: the mark moves from any other take to this one.
      for (const other of filed.filter((o) => o.favourite && o.id !== take.id))
        await favourite.mutateAsync({ id: other.id, favourite: false });
      await favourite.mutateAsync({ id: take.id, favourite: true });
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  };

  return (
    <section ref={section} className="region-takes" aria-label={t('regionEdit.takesTitle')}>
      <h2>{t('regionEdit.takesTitle')}</h2>
      <p role="status">
        {kept
          ? t('regionEdit.keptStatus', { n: numberOf(kept.id) })
          : t('regionEdit.takesFiled', { done: filed.length + discarded, count: takes })}
        {discarded > 0 ? ` ${t('regionEdit.discardedStatus', { count: discarded })}` : null}
      </p>
      <ul>
        {filed.map((take) => {
          const n = numberOf(take.id);
          const thumb = mediaUrl(take.thumbnailRelativePath ?? take.relativePath);
          const isKept = kept?.id === take.id;
          return (
            <li
              key={take.id}
              className={isKept ? 'region-take is-kept' : 'region-take'}
              data-testid="region-take"
            >
              {thumb ? <img src={thumb} alt={t('regionEdit.takeN', { n })} /> : null}
              {isKept ? <span className="region-take-kept">{t('regionEdit.kept')}</span> : null}
              <Link href={libraryAddress(take.id)}>{t('regionEdit.openTake', { n })}</Link>
              <Link href={compareAddress(original, take.id)}>{t('regionEdit.compareTake', { n })}</Link>
              {isKept ? null : (
                <Button busy={favourite.isPending} onClick={() => void keep(take)}>
                  {t('regionEdit.keep', { n })}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {kept && others.length > 0 ? (
        <Button
          busy={deleting}
          onClick={() => remove({ ids: others.map((o) => o.id) }, (count) => setDiscarded((d) => d + count))}
        >
          {t('regionEdit.discardOthers', { count: others.length })}
        </Button>
      ) : null}
    </section>
  );
}
