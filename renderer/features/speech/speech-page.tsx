// Speech: synchronous text-to-speech ([EP-SPEECH-1]). Main streams the audio into the library and answers with
// the item, which plays here at once from the local file. Text spoken before the same way plays from the
// library, not charged, unless "Make a new take" is on; each clip shows what it cost.
import { useMemo, useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem, SpeechOutcomeView } from '../../../shared/bridge';
import { familyModels } from '../../../shared/catalog';
import { errorInfoOf, errorSentence } from '../../lib/bridge-error';
import { neverSent } from '../../../shared/gateway/error-types';
import { formatDateTime } from '../../lib/format';
import { modelConfigFromOverrides } from '../../../shared/catalog';
import { checkSpeech, useSynthesize } from './api/synthesize';
import { useSpendQuestion } from '../../lib/spend-question';
import { askThenSend } from '../../../shared/studio/press';
import type { SpendCheck } from '../../../shared/studio/spending';
import { useLibrary } from '../../lib/api/library';
import { useSettings } from '../../lib/api/settings';
import { useMediaUrl } from '../../lib/use-media-url';
import { Alert } from '../../ui/alert';
import { AudioPlayer } from '../../ui/audio-player';
import { SubmitButton } from '../../ui/button';
import { CharCounter } from '../../ui/char-counter';
import { CostText } from '../../ui/cost-text';
import { Field } from '../../ui/field';
import { Icon } from '../../ui/icons';
import { Page } from '../../ui/page';
import { WithPromptHistory } from '../../ui/prompt-history';
import { SegmentedField } from '../../ui/segmented-field';
import { Switch } from '../../ui/switch';
import { SPEECH_LIMIT, speechFormSchema, type SpeechFormInput, type SpeechFormOutput } from './speech-form';
import './speech.css';

const FORMATS = ['wav', 'opus', 'aac', 'flac', 'pcm'] as const;

function SpeechItem({
  item,
  src,
  autoPlay,
}: {
  item: BridgeLibraryItem;
  src: string | null;
  autoPlay?: boolean;
}): ReactElement {
  const { i18n } = useTranslation();
  return (
    <li className="speech-item card">
      <p className="speech-text">{item.prompt}</p>
      <div className="speech-meta">
        <span>{formatDateTime(item.createdAt, i18n.language)}</span>
        <span className="mono">{item.mime}</span>
        <CostText usd={item.cost} credits={item.creditsCost} testId="speech-cost" />
      </div>
      {src ? <AudioPlayer src={src} mime={item.mime} autoPlay={autoPlay} testId="speech-audio" /> : null}
    </li>
  );
}

export function SpeechPage(): ReactElement {
  const { t } = useTranslation();
  const settings = useSettings();
  const overrides = settings.data?.modelOverrides;
  const models = useMemo(
    () => familyModels('speech', modelConfigFromOverrides(overrides ?? {})),
    [overrides],
  );
  const form = useForm<SpeechFormInput, unknown, SpeechFormOutput>({
    resolver: zodResolver(speechFormSchema),
    defaultValues: {
      model: models[0]?.modelId ?? 'speech_model_id',
      input: '',
      voice: '',
      responseFormat: 'wav',
    },
  });
  const synthesize = useSynthesize();
  const recent = useLibrary({ kind: 'speech', sort: 'newest' });
  const toUrl = useMediaUrl();
  const [outcome, setOutcome] = useState<SpeechOutcomeView | null>(null);
  const [fresh, setFresh] = useState(false);
  const [input, format] = useWatch({ control: form.control, name: ['input', 'responseFormat'] });
  const spendQuestion = useSpendQuestion();
  /** Why the press sent nothing (a budget passed), in the person's words. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    setRefusal(null);
    synthesize.reset();
    const request = { ...values, fresh };
    // The same question as Generate's, asked the same way (shared/studio/press.ts): above the confirmation
    // threshold (or with no estimate yet under a limit) the price is shown and nothing is sent until the person
    // says send it. The speech service holds the take to the same rule whatever this page does.
    const outcome = await askThenSend(
      spendQuestion.decide,
      async () => (await checkSpeech(request)) ?? FREE,
      async (confirmed) => {
        try {
          setOutcome(await synthesize.mutateAsync({ ...request, confirmed }));
        } catch {
          // Shown from synthesize.error below.
        }
      },
    );
    if (outcome.status === 'stopped' && outcome.failure) setRefusal(outcome.failure);
    if (outcome.status === 'failed') setRefusal(errorSentence(outcome.error, t));
  });

  const { errors } = form.formState;
  const all = recent.data?.pages.flatMap((p) => p.items) ?? [];
  // The library's copy when it has one: its cost arrives after the take (read from the usage report).
  const latest = outcome ? (all.find((item) => item.id === outcome.item.id) ?? outcome.item) : null;
  const items = all.filter((item) => item.id !== latest?.id);

  return (
    <Page title={t('speech.title')} subtitle={t('speech.subtitle')}>
      <div className="speech-layout">
        <form
          className="card card-pad field-column speech-form"
          onSubmit={(e) => void onSubmit(e)}
          noValidate
        >
          <WithPromptHistory
            texts="speech"
            onInsert={(text) => form.setValue('input', text, { shouldDirty: true })}
          >
            <Field
              id="speech-input"
              label={t('speech.text')}
              error={errors.input?.message}
              aside={
                <CharCounter
                  count={typeof input === 'string' ? input.length : 0}
                  max={SPEECH_LIMIT}
                  testId="speech-counter"
                />
              }
            >
              {(control) => (
                <textarea
                  {...control}
                  className="textarea textarea-prompt"
                  placeholder={t('speech.textPlaceholder')}
                  {...form.register('input')}
                />
              )}
            </Field>
          </WithPromptHistory>
          <div className="speech-options">
            {models.length > 1 ? (
              <Field id="speech-model" label={t('speech.model')}>
                {(control) => (
                  <select {...control} className="select" {...form.register('model')}>
                    {models.map((m) => (
                      <option key={m.modelId} value={m.modelId}>
                        {m.modelId}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
            <Field id="speech-voice" label={t('speech.voice')} error={errors.voice?.message}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  placeholder={t('speech.voicePlaceholder')}
                  {...form.register('voice')}
                />
              )}
            </Field>
            <Field id="speech-speed" label={t('speech.speed')} error={errors.speed?.message}>
              {(control) => (
                <input
                  {...control}
                  className="input input-short"
                  type="number"
                  step={0.1}
                  min={0.1}
                  placeholder="1.0"
                  {...form.register('speed', { valueAsNumber: true })}
                />
              )}
            </Field>
          </div>
          <SegmentedField
            id="speech-format"
            name="speech-format"
            label={t('speech.format')}
            value={format ?? 'wav'}
            onChange={(v) => form.setValue('responseFormat', v)}
            options={FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
          />
          <Switch
            id="speech-fresh"
            label={t('costs.fresh')}
            hint={t('costs.freshHint')}
            checked={fresh}
            onChange={(e) => setFresh(e.target.checked)}
          />
          {refusal ? <Alert testId="speech-refused">{refusal}</Alert> : null}
          {synthesize.isError ? (
            <Alert testId="speech-error">
              {errorSentence(synthesize.error, t)}
              {/* A speech answer lost on the way (no HTTP status) was likely charged: speech is not idempotent. */}
              {mayHaveBeenCharged(synthesize.error) ? <p>{t('speech.mayBeCharged')}</p> : null}
            </Alert>
          ) : null}
          {spendQuestion.dialog}
          <div className="form-actions">
            <SubmitButton
              submitting={form.formState.isSubmitting}
              label={t('speech.submit')}
              busyLabel={t('speech.submitting')}
              icon={<Icon name="speech" />}
            />
          </div>
        </form>
        <section className="speech-side">
          {latest ? (
            <>
              <h2 className="card-title">{t('speech.latest')}</h2>
              {outcome?.fromLibrary ? (
                <p className="speech-from-library" role="status" data-testid="speech-from-library">
                  {t('costs.fromLibrary')}
                </p>
              ) : null}
              <ul className="speech-list">
                <SpeechItem key={latest.id} item={latest} src={toUrl(latest.relativePath)} autoPlay />
              </ul>
            </>
          ) : null}
          {/* With only the clip just spoken, an "earlier" list would be empty: say nothing rather than
              "nothing spoken yet" under it. */}
          {items.length > 0 || !latest ? <h2 className="card-title">{t('speech.recent')}</h2> : null}
          {items.length > 0 ? (
            <ul className="speech-list" data-testid="speech-recent">
              {items.slice(0, 20).map((item) => (
                <SpeechItem key={item.id} item={item} src={toUrl(item.relativePath)} />
              ))}
            </ul>
          ) : latest ? null : (
            <p className="muted" data-testid="speech-empty">
              {t('speech.empty')}
            </p>
          )}
        </section>
      </div>
    </Page>
  );
}

/** The library's take answers the press: nothing to measure, so nothing to ask. */
const FREE: SpendCheck = {
  unit: 'usd',
  timeZone: 'UTC',
  estimate: null,
  unknown: 0,
  unpricedModels: [],
  confirmAbove: null,
  needsConfirmation: false,
  refusal: null,
};

const LOST_ANSWER = new Set(['network_error', 'timeout', 'invalid_response']);

function mayHaveBeenCharged(error: unknown): boolean {
  const info = errorInfoOf(error);
  // A connection never made (refused, no such name) sent nothing: its sentence says nothing was charged.
  if (neverSent(info)) return false;
  return LOST_ANSWER.has(info.type) && (info.httpStatus === null || info.httpStatus < 300);
}
