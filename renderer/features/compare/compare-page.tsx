// Compare: two library items on a route that names both (#/compare/<a>/<b>), so Back, a reload or a
// shared link land on the same comparison. Pictures side by side or under a slider, videos side by side in step,
// tracks as an A/B test with one control; underneath, their settings diffed.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { useMediaUrl } from '../../lib/use-media-url';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { AudioCompare, VideoCompare } from './av-compare';
import { useCompareItem } from './api/get-item';
import { compareMode } from './diff';
import { ImageCompare } from './image-compare';
import { SettingsDiff } from './settings-diff';
import './compare.css';
import { libraryAddress } from '../../lib/library-address';

const labelOf = (item: BridgeLibraryItem) => item.title ?? item.prompt ?? item.model;

function Heading({ letter, item }: { letter: 'A' | 'B'; item: BridgeLibraryItem }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="compare-heading">
      <span className="compare-letter">{letter}</span>
      <span className="compare-heading-text">{labelOf(item)}</span>
      <Link href={libraryAddress(item.id)} className="compare-open">
        {t('compare.open')}
      </Link>
    </div>
  );
}

export function ComparePage(): ReactElement {
  const { t } = useTranslation();
  const params = useParams<{ a: string; b: string }>();
  const [, navigate] = useLocation();
  const toUrl = useMediaUrl();
  const a = useCompareItem(params.a);
  const b = useCompareItem(params.b);
  const error = a.error ?? b.error;

  const body = (): ReactElement => {
    if (error) return <Alert>{errorSentence(error, t)}</Alert>;
    if (!a.data || !b.data) return <p className="muted">{t('common.loading')}</p>;
    const left = a.data;
    const right = b.data;
    const mode = compareMode(left, right);
    const side = (item: BridgeLibraryItem) => ({
      src: toUrl(item.relativePath) ?? '',
      label: labelOf(item),
      mime: item.mime,
      cover: item.thumbnailRelativePath ? toUrl(item.thumbnailRelativePath) : null,
    });
    return (
      <>
        <div className="compare-headings">
          <Heading letter="A" item={left} />
          <Heading letter="B" item={right} />
        </div>
        {mode === null ? (
          <EmptyState icon="alert" title={t('compare.mixedTitle')}>
            <p>
              {t('compare.mixed', {
                a: t(`compare.kinds.${left.kind}`),
                b: t(`compare.kinds.${right.kind}`),
              })}
            </p>
          </EmptyState>
        ) : mode === 'image' ? (
          <ImageCompare a={side(left)} b={side(right)} />
        ) : mode === 'video' ? (
          <VideoCompare a={side(left)} b={side(right)} />
        ) : (
          <AudioCompare a={side(left)} b={side(right)} />
        )}
        <SettingsDiff a={left} b={right} />
      </>
    );
  };

  return (
    <Page
      title={t('compare.title')}
      subtitle={t('compare.subtitle')}
      wide
      actions={
        <Button
          onClick={() => navigate(`/compare/${params.b}/${params.a}`, { replace: true })}
          data-testid="compare-swap"
        >
          {t('compare.swap')}
        </Button>
      }
    >
      <div className="compare-page">{body()}</div>
    </Page>
  );
}
