// The board's one price and its run: the total of every shot, narration take and the music before anything is
// sent (or why it cannot be priced yet), the notes on cast a model cannot take, Run all, the newest run's state
// with Cancel while it runs and what stopped it, and once a cut is made, the cut itself playing here with a link
// to it in the library, and its edit lists (EDL, FCPXML) to save or, in the app, to find in the cut's folder.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { BoardRun, EditListFormat, StoryboardPriceView } from '../../../shared/studio/saved-storyboard';
import { desktopActions } from '../../lib/api/desktop';
import { errorSentence } from '../../lib/bridge-error';
import { saveTextFile } from '../../lib/save-text-file';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { libraryAddress } from '../../lib/library-address';
import { moneyWords } from '../../lib/spend-words';
import { useMediaUrl } from '../../lib/use-media-url';
import { useMoneyUnit } from '../../ui/cost-text';
import { editListOf, useLibraryItem } from './api/storyboards';

const EDIT_LIST_TYPES: Record<EditListFormat, string> = {
  edl: 'text/plain;charset=utf-8',
  fcpxml: 'application/xml;charset=utf-8',
};

/**
 * The run's edit lists, written beside the cut: each saved as a download (the app and web mode alike), and in
 * the app the cut's folder, where both lie, shown in the file manager.
 */
function EditLists({ runId, cutItemId }: { runId: string; cutItemId: string }): ReactElement {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const save = (format: EditListFormat) =>
    void editListOf(runId, format)
      .then((file) => saveTextFile(file.name, file.text, EDIT_LIST_TYPES[format]))
      .catch((e: unknown) => setFailure(errorSentence(e, t)));
  return (
    <div className="board-edit-lists">
      <p className="field-hint">{t('storyboard.run.editListsHint')}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-small" onClick={() => save('edl')}>
          {t('storyboard.run.saveEdl')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => save('fcpxml')}>
          {t('storyboard.run.saveFcpxml')}
        </button>
        {desktopActions.available ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() =>
              void desktopActions
                .showInFolder(cutItemId)
                .catch((e: unknown) => setFailure(errorSentence(e, t)))
            }
          >
            {t('storyboard.run.showInFolder')}
          </button>
        ) : null}
      </div>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

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
  const cutRun = runs.find((r) => r.shot === null && r.run.cutItemId)?.run;
  const cut = cutRun?.cutItemId ?? null;
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
      {cut && cutRun?.editList ? <EditLists runId={cutRun.id} cutItemId={cut} /> : null}
    </section>
  );
}
