// "Edit a region": the picture with the selection tools, what to change, an edit-capable model (each saying
// what it does), the takes and the price on the button. The press goes through the spending question like any
// Generate; each take is filed as a new item (composited in the main process) and offered for a before/after
// comparison with the original in the existing compare view. Reached from the viewer (an item, or "Edit again"
// from a take) and from Create's reference pictures.
import { useEffect, useId, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { RegionEditModelView } from '../../../shared/bridge/region-schemas';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { RegionSelection } from '../../../shared/studio/region-selection';
import { MAX_REGION_TAKES } from '../../../shared/studio/region-selection';
import { referenceUri } from '../../../shared/studio/references';
import { moneyNumber } from '../../../shared/studio/money-text';
import { askThenSend } from '../../../shared/studio/press';
import { checkSpending } from '../../lib/api/spending';
import { errorSentence } from '../../lib/bridge-error';
import { libraryAddress } from '../../lib/library-address';
import { useSpendQuestion } from '../../lib/spend-question';
import { useMediaUrl, useReferenceUrl } from '../../lib/use-media-url';
import { Button } from '../../ui/button';
import { RegionSelector } from './region-selector';
import type { PictureSize } from './selection-drawing';
import {
  useRegionEditOf,
  useRegionEstimate,
  useRegionItem,
  useRegionModels,
  useSubmitRegion,
} from './api/regions';
import { RegionTakes } from './region-takes';
import './region-edit.css';

/** "Image I1 · Pro", but "Image I2 (extended)" where the variant's name adds nothing to the family's. */
const modelName = (m: RegionEditModelView): string =>
  m.familyLabel.includes(m.variantLabel) ? m.familyLabel : `${m.familyLabel} · ${m.variantLabel}`;

/**
 * The picture's size once it has loaded (a reference's is not known before), or 'gone' when it cannot load (a
 * dropped picture's file no longer in the references store).
 */
function usePictureSize(src: string | null, known: PictureSize | null): PictureSize | 'gone' | null {
  const [size, setSize] = useState<PictureSize | 'gone' | null>(known);
  useEffect(() => {
    if (known || !src) return;
    const img = new Image();
    img.onload = () => setSize({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => setSize('gone');
    img.src = src;
  }, [src, known]);
  return known ?? size;
}

export function RegionEditPage(): ReactElement {
  const { t, i18n } = useTranslation();
  const id = useId();
  const params = useParams<{ source: string; id: string; again?: string }>();
  const isItem = params.source === 'item';
  const item = useRegionItem(isItem ? params.id : null);
  const again = useRegionEditOf(params.again ?? null);
  const models = useRegionModels();
  const mediaUrl = useMediaUrl();
  const referenceUrl = useReferenceUrl();
  const src = isItem
    ? item.data
      ? mediaUrl(item.data.relativePath)
      : null
    : referenceUrl(referenceUri(params.id), 'image');
  const known =
    item.data?.width && item.data.height ? { width: item.data.width, height: item.data.height } : null;
  const size = usePictureSize(src, isItem ? known : null);
  const [selection, setSelection] = useState<RegionSelection | null>(null);
  const [instruction, setInstruction] = useState('');
  const [model, setModel] = useState<string | null>(null);
  const [takes, setTakes] = useState(1);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useSubmitRegion();
  const spend = useSpendQuestion();
  // "Edit again": the take's region, instruction and model come back as they were, once (then they are the
  // person's). A model no longer offered (its id changed in Settings) leaves the first, and the page says so.
  const [restored, setRestored] = useState<string | null>(null);
  const [modelGone, setModelGone] = useState<string | null>(null);
  if (again.data && models.data && params.again && restored !== params.again) {
    const offered = models.data.some((m) => m.modelId === again.data?.model);
    setRestored(params.again);
    setSelection(again.data.selection);
    setInstruction(again.data.instruction);
    setModel(offered ? again.data.model : null);
    setModelGone(offered ? null : again.data.model);
  }
  const chosen = models.data?.find((m) => m.modelId === model) ?? models.data?.[0] ?? null;
  const requests = useMemo<SubmissionRequest[] | null>(
    () =>
      chosen
        ? Array.from({ length: takes }, () => ({
            family: chosen.family,
            model: chosen.modelId,
            params: { prompt: instruction.trim() || 'edit' },
          }))
        : null,
    [chosen, takes, instruction],
  );
  const estimate = useRegionEstimate(requests);
  const total = estimate.data?.totalUsd ?? null;
  const price =
    total === null
      ? t('regionEdit.noPrice')
      : t('money.estimate.usd', { amount: moneyNumber(total, i18n.language) });

  const press = async () => {
    setProblem(null);
    if (!selection) return setProblem(t('regionEdit.needSelection'));
    if (!instruction.trim()) return setProblem(t('regionEdit.needInstruction'));
    if (!chosen || !requests) return;
    // The one ask-then-send step every press that spends goes through (shared/studio/press.ts).
    const outcome = await askThenSend(
      spend.decide,
      () => checkSpending(requests),
      (confirmed) =>
        submit.mutateAsync({
          source: isItem ? { itemId: params.id } : { reference: referenceUri(params.id) },
          selection,
          instruction: instruction.trim(),
          model: chosen.modelId,
          takes,
          confirmed,
        }),
    );
    if (outcome.status === 'sent') setBatchId(outcome.value.batchId);
    if (outcome.status === 'stopped') setProblem(outcome.failure);
    if (outcome.status === 'failed') setProblem(errorSentence(outcome.error, t));
  };

  // The take being edited again says its original is gone (the core read it), or the picture did not load.
  if (size === 'gone' || again.data?.originalKept === false)
    // Nothing to select on and nothing to send: the sentence alone, no form that could only fail.
    return (
      <section className="page region-edit-page" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('regionEdit.title')}</h1>
        <p role="alert">{t('regionEdit.pictureGone')}</p>
      </section>
    );

  return (
    <section className="page region-edit-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('regionEdit.title')}</h1>
      <p className="muted">{t('regionEdit.subtitle')}</p>
      <div className="region-layout">
        {src && size ? (
          <RegionSelector
            src={src}
            alt={item.data?.prompt ?? t('regionEdit.picture')}
            size={size}
            selection={selection}
            onChange={setSelection}
          />
        ) : (
          <p role="status">{item.isError ? errorSentence(item.error, t) : t('common.loading')}</p>
        )}
        <div className="region-form">
          <label className="region-instruction">
            {t('regionEdit.instruction')}
            <textarea value={instruction} rows={2} onChange={(e) => setInstruction(e.target.value)} />
          </label>
          <fieldset className="region-models">
            <legend>{t('regionEdit.model')}</legend>
            {/* Above the list, where it is read before the choice it explains. */}
            {modelGone ? (
              <p className="muted" role="note">
                {t('regionEdit.modelGone', { model: modelGone })}
              </p>
            ) : null}
            {(models.data ?? []).map((m) => (
              <label key={m.modelId} className="region-model">
                <input
                  type="radio"
                  name={`${id}-model`}
                  checked={chosen?.modelId === m.modelId}
                  onChange={() => setModel(m.modelId)}
                  aria-describedby={`${id}-${m.modelId}-can`}
                />
                <span className="region-model-name">{modelName(m)}</span>
                <span className="muted" id={`${id}-${m.modelId}-can`}>
                  {m.can} {t(`regionEdit.sends.${m.sends}`)}
                </span>
              </label>
            ))}
          </fieldset>
          <label className="region-takes-field">
            {t('regionEdit.takes')}
            <input
              type="number"
              min={1}
              max={MAX_REGION_TAKES}
              value={takes}
              onChange={(e) =>
                setTakes(Math.max(1, Math.min(MAX_REGION_TAKES, Math.round(Number(e.target.value)) || 1)))
              }
            />
          </label>
          <Button variant="primary" busy={submit.isPending} onClick={() => void press()}>
            {t('regionEdit.submit', { count: takes, price })}
          </Button>
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          {isItem ? (
            <Link href={libraryAddress(params.id)} className="muted">
              {t('regionEdit.backToPicture')}
            </Link>
          ) : null}
        </div>
      </div>
      {spend.dialog}
      {batchId ? (
        // Keyed by the press: a new press numbers its takes from 1 again, with nothing kept or discarded yet.
        <RegionTakes
          key={batchId}
          batchId={batchId}
          original={isItem ? { itemId: params.id } : { referenceSha: params.id }}
          takes={takes}
        />
      ) : null}
    </section>
  );
}
