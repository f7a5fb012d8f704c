// Before and after for a region edit made on Create: the reference picture the creator dropped (not a library
// item: it is kept in the references store under its hash) beside a take made from it, on a route that names
// both (#/compare/reference/<sha256>/<take>), so Back or a reload lands on the same comparison. The pictures are
// the same slider and side-by-side views as two library items; there are no settings to diff on the left.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { referenceUri } from '../../../shared/studio/references';
import { errorSentence } from '../../lib/bridge-error';
import { libraryAddress } from '../../lib/library-address';
import { useMediaUrl, useReferenceUrl } from '../../lib/use-media-url';
import { Alert } from '../../ui/alert';
import { Page } from '../../ui/page';
import { useCompareItem } from './api/get-item';
import { ImageCompare } from './image-compare';
import './compare.css';

export function ReferenceComparePage(): ReactElement {
  const { t } = useTranslation();
  const params = useParams<{ sha: string; b: string }>();
  const toUrl = useMediaUrl();
  const referenceUrl = useReferenceUrl();
  const take = useCompareItem(params.b);
  const before = referenceUrl(referenceUri(params.sha), 'image');

  const body = (): ReactElement => {
    if (take.error) return <Alert>{errorSentence(take.error, t)}</Alert>;
    if (!take.data || !before) return <p className="muted">{t('common.loading')}</p>;
    const after = take.data;
    if (after.kind !== 'image')
      return (
        <Alert>
          {t('compare.mixed', { a: t('compare.kinds.image'), b: t(`compare.kinds.${after.kind}`) })}
        </Alert>
      );
    const label = after.title ?? after.prompt ?? after.model;
    return (
      <>
        <div className="compare-headings">
          <div className="compare-heading">
            <span className="compare-letter">A</span>
            <span className="compare-heading-text">{t('compare.reference')}</span>
          </div>
          <div className="compare-heading">
            <span className="compare-letter">B</span>
            <span className="compare-heading-text">{label}</span>
            <Link href={libraryAddress(after.id)} className="compare-open">
              {t('compare.open')}
            </Link>
          </div>
        </div>
        <ImageCompare
          a={{ src: before, label: t('compare.reference') }}
          b={{ src: toUrl(after.relativePath) ?? '', label }}
        />
      </>
    );
  };

  return (
    <Page title={t('compare.title')} subtitle={t('compare.referenceSubtitle')} wide>
      <div className="compare-page">{body()}</div>
    </Page>
  );
}
