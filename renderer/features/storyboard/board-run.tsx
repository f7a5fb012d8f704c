// The board's one price and its run: the total of every shot, narration take and the music before anything is
// sent (or why it cannot be priced yet), the notes on cast a model cannot take, Run all, the newest run's state
// with Cancel while it runs and what stopped it, and once a cut is made, the cut itself playing here with a link
// to it in the library.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { BoardRun, StoryboardPriceView } from '../../../shared/studio/saved-storyboard';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { libraryAddress } from '../../lib/library-address';
import { moneyWords } from '../../lib/spend-words';
import { useMediaUrl } from '../../lib/use-media-url';
import { useMoneyUnit } from '../../ui/cost-text';
import { useLibraryItem } from './api/storyboards';

function Cut({ itemId }: { itemId: string }): ReactElement | null {
  const { t } = useTranslation();
  const item = useLibraryItem(itemId);
  const toUrl = useMediaUrl();
  const src = item.data ? toUrl(item.data.relativePath) : null;
  if (!src) return null;
  return (
    <figure className="board-cut">
      <video
        src={src}
        controls
        preload="metadata"
        data-testid="storyboard-cut"
        aria-label={t('storyboard.run.cut')}
      />
      <figcaption>
        <Link href={libraryAddress(itemId)}>{t('storyboard.run.openCut')}</Link>
      </figcaption>
    </figure>
  );
}

export function BoardRunPanel({
  price,
  priceError,
  runs,
  busy,
  failure,
  onRunAll,
  onCancel,
}: {
  price: StoryboardPriceView | undefined;
  /** Why the board cannot be priced as it stands (a shot with no prompt, a name no member has). */
  priceError: string | null;
  runs: readonly BoardRun[];
  busy: boolean;
  failure: string | null;
  onRunAll: () => void;
  onCancel: (runId: string) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const unit = useMoneyUnit();
  const latest = runs[0]?.run;
  const cut = runs.find((r) => r.shot === null && r.run.cutItemId)?.run.cutItemId ?? null;
  const parts = price?.parts.length ?? 0;
  const amount =
    price && price.totalUsd !== null
      ? moneyWords(unit === 'credits' ? (price.totalCredits ?? 0) : price.totalUsd, unit, t, i18n.language)
      : null;
  return (
    <section className="card card-pad board-run" aria-labelledby="board-run-title">
      <h2 id="board-run-title" className="card-title">
        {t('storyboard.run.title')}
      </h2>
      <p className="board-total" data-testid="board-total" aria-live="polite">
        {priceError
          ? t('storyboard.run.noPrice')
          : amount
            ? t('storyboard.run.total', { amount, count: parts })
            : t('storyboard.run.totalUnknown', { unknown: price?.unknown ?? 0, count: parts })}
      </p>
      {priceError ? (
        <p className="field-error" role="alert">
          {priceError}
        </p>
      ) : null}
      {price?.notes.length ? (
        <ul className="board-notes" aria-label={t('storyboard.run.notes')}>
          {price.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || priceError !== null || latest?.state === 'running'}
          onClick={onRunAll}
        >
          {t('storyboard.run.runAll')}
        </button>
        {latest?.state === 'running' ? (
          <button type="button" className="btn" onClick={() => onCancel(latest.id)}>
            {t('storyboard.run.cancel')}
          </button>
        ) : null}
      </div>
      {latest ? (
        <p className="board-state" role="status" data-testid="board-state" data-state={latest.state}>
          {t(`storyboard.run.state.${latest.state}`, { name: latest.name })}
        </p>
      ) : null}
      {latest?.error ? <p className="field-error">{gatewayErrorSentence(latest.error, t)}</p> : null}
      {cut ? <Cut itemId={cut} /> : null}
    </section>
  );
}
