// The takes of one press as they are filed: each a new item beside the original, opened in the library or
// compared before/after with the original in the existing compare view (#/compare/<original>/<take>, slider or
// side by side). Keeping the one you like is the library's favourite; the others can be deleted there.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { libraryAddress } from '../../lib/library-address';
import { useMediaUrl } from '../../lib/use-media-url';
import { useTakes } from './api/regions';

export function RegionTakes({
  batchId,
  originalId,
  takes,
}: {
  batchId: string;
  originalId: string | null;
  takes: number;
}): ReactElement {
  const { t } = useTranslation();
  const mediaUrl = useMediaUrl();
  const filed = useTakes(batchId).data?.items ?? [];
  return (
    <section className="region-takes" aria-label={t('regionEdit.takesTitle')}>
      <h2>{t('regionEdit.takesTitle')}</h2>
      <p role="status">{t('regionEdit.takesFiled', { done: filed.length, count: takes })}</p>
      <ul>
        {filed.map((take, i) => {
          const thumb = mediaUrl(take.thumbnailRelativePath ?? take.relativePath);
          return (
            <li key={take.id} className="region-take" data-testid="region-take">
              {thumb ? <img src={thumb} alt={t('regionEdit.takeN', { n: i + 1 })} /> : null}
              <Link href={libraryAddress(take.id)}>{t('regionEdit.openTake', { n: i + 1 })}</Link>
              {originalId ? (
                <Link href={`/compare/${encodeURIComponent(originalId)}/${encodeURIComponent(take.id)}`}>
                  {t('regionEdit.compareTake', { n: i + 1 })}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
