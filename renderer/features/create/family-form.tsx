// One family's form, rendered from the catalog's field data and validated with the catalog's zod schema (the
// same schema main validates with again before anything is sent).
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  compactBody,
  defaultValues,
  familyModels,
  familySchema,
  i3OutputSize,
  submissionModelId,
  variantForModel,
  type FamilySpec,
  type FieldSpec,
  type ModelChoice,
  type ModelConfig,
} from '../../../shared/catalog';
import type { TaskRecord } from '../../../shared/studio/records';
import { errorInfoOf, errorSentence } from '../../lib/bridge-error';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { useStudioStore } from '../../store/studio-store';
import { BatchControls } from './batch-controls';
import { GenerateActions } from './generate-actions';
import { isBatchable, NO_BATCH, type BatchSettings, type PressProblem } from '../../../shared/studio/press';
import { usePress } from './use-press';
import { useBatchStore } from '../../lib/batch-store';
import { applyDraft } from './apply-draft';
import { loadDraft, saveDraft } from './family-drafts';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { SegmentedField } from '../../ui/segmented-field';
import { AdvancedFields, useAdvancedFields } from './advanced-fields';
import { FieldControl, type FormValues } from './field-control';
import { GENERATE_ESTIMATE_ID, GenerateEstimate } from './generate-estimate';
import { fieldErrorOf, itemErrorsOf, type ItemErrors } from './item-errors';
import { commitPendingEntries, createPendingEntries, PendingEntriesContext } from './pending-entries';
import { SourceSection } from './source-section';
import { PromptField } from './prompt-field';
import { PresetBar } from './preset-bar';
import { useActiveStyles } from './style-store';
import { AlsoRunOnField } from './also-run-on';
import { modelLabel } from '../../lib/model-label';
import { useDiscoveredModels } from '../../lib/api/models';
import { discoveredIdsFor } from '../../../shared/catalog/discovered';

/** Long text first, then references, then choices, then on/off options: the order a creator works in. */
const ORDER: Record<FieldSpec['type'], number> = {
  text: 0,
  urls: 1,
  'image-roles': 1,
  url: 2,
  enum: 3,
  integer: 4,
  number: 4,
  string: 5,
  boolean: 6,
};

export interface FamilyFormProps {
  family: FamilySpec;
  models: ModelConfig;
  onSubmitted: (task: TaskRecord) => void;
}

export function FamilyForm({ family, models, onSubmitted }: FamilyFormProps): ReactElement {
  const { t } = useTranslation();
  const variants = useMemo(() => familyModels(family.id, models), [family.id, models]);
  // New ids of this family the gateway lists (seen in public clients): offered beside the catalog's, with the catalog's rules.
  const discovered = useDiscoveredModels().data;
  const newIds = useMemo(
    () => discoveredIdsFor(family.id, discovered?.models ?? []),
    [family.id, discovered],
  );
  const schema = useMemo(() => familySchema(family.id, models), [family.id, models]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    // The family's draft over its defaults: what was typed here last (family-drafts.ts).
    defaultValues: {
      ...defaultValues(family.id),
      ...(variants[0] ? { model: variants[0].modelId } : {}),
      ...loadDraft(family.id, models),
    },
    mode: 'onSubmit',
  });
  // Every change is kept as the family's draft, a moment after typing pauses and at once when the form goes.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = (): void => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      saveDraft(family.id, form.getValues());
    };
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () => {
        if (timer !== null) clearTimeout(timer);
        timer = setTimeout(flush, 300);
      },
    });
    // Closing the window or reloading within the pause still keeps the last keys typed.
    const leaving = (): void => {
      if (timer !== null) flush();
    };
    window.addEventListener('pagehide', leaving);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', leaving);
      leaving();
    };
  }, [family.id, form]);
  const press = usePress();
  const [batch, setBatch] = useState<BatchSettings>(NO_BATCH);
  // "Also run on…": the other models this press also goes to (with Batch off), as one compare group.
  const [fanOut, setFanOut] = useState<ModelChoice[]>([]);
  const [, navigate] = useLocation();
  const setCurrentBatch = useBatchStore((s) => s.setCurrent);
  // Batch sends one task per prompt line: only families whose prompt is free text.
  const batchable = isBatchable(family.id);
  const [failure, setFailure] = useState<string | null>(null);
  // The task whose settings this form was opened with ("Edit and run again"): submissions record it.
  const editOf = useStudioStore((s) => (s.editing?.family === family.id ? s.editing.taskId : null));
  const stopEditing = useStudioStore((s) => s.stopEditing);
  const pushToast = useStudioStore((s) => s.pushToast);
  const draft = useStudioStore((s) => s.draft);
  const clearDraft = useStudioStore((s) => s.clearDraft);
  useEffect(() => {
    if (!draft || draft.family !== family.id) return;
    clearDraft(draft.id);
    applyDraft(form, draft, family.id, models);
  }, [draft, clearDraft, family.id, form, models]);
  const [pending] = useState(createPendingEntries);
  const advanced = useAdvancedFields(family, models);

  const [model, size, resolution, webhookValue] = useWatch({
    control: form.control,
    name: ['model', 'size', 'resolution', 'webhook'],
  });
  const variant = typeof model === 'string' ? variantForModel(family.id, model, models) : undefined;
  const fields = [...family.fields].sort((a, b) => ORDER[a.type] - ORDER[b.type]);
  const textFields = fields.filter((f) => ORDER[f.type] <= 2);
  const choiceFields = fields.filter((f) => ORDER[f.type] > 2 && f.type !== 'boolean');
  const switches = fields.filter((f) => f.type === 'boolean');
  const i3Size =
    family.id === 'image.i3'
      ? i3OutputSize(
          typeof size === 'string' ? size : undefined,
          typeof resolution === 'string' ? resolution : undefined,
        )
      : null;

  // toQueue: the Queue button submitted the form, so the press is held in the queue instead of being sent.
  const onSubmit = (toQueue: boolean) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      const { model: chosen, webhook, ...rest } = values;
      const modelId = submissionModelId(family.id, chosen, models, newIds);
      // Webhook and extra body fields join the form's own params here (or stop the submission, saying why).
      const prepared = advanced.prepare(modelId, compactBody(rest), webhook);
      if (!prepared) return;
      // The press as the person made it: planned in plain TypeScript (shared/studio/press.ts) to measure and ask,
      // and sent whole, the styles on composing what is sent exactly as their preview shows it.
      const outcome = await press.controller.press(
        {
          request: { family: family.id, model: modelId, ...prepared },
          styles: [...useActiveStyles.getState().active],
          batch,
          fanOut,
          toQueue,
          editOf,
        },
        models,
      );
      if (outcome.status === 'cannot') return setFailure(problemSentence(outcome.problem));
      if (outcome.status === 'stopped') return setFailure(outcome.failure);
      if (outcome.status === 'failed') return failWith(outcome.error);
      // Sent: the form is fresh again, so clearing the prompt to write the next one is not scolded before a press.
      form.reset(undefined, { keepValues: true });
      const answer = outcome.value;
      if (answer.kind === 'queued') {
        pushToast('success', t('queue.queued', { count: answer.ids.length }), {
          href: '/tasks',
          label: t('queue.open'),
        });
      } else if (answer.kind === 'batch') {
        if (answer.tasks[0]) onSubmitted(answer.tasks[0]);
        // The results land side by side, each model's filling in as it arrives.
        if (answer.mode === 'compare') navigate(`/compare-group/${encodeURIComponent(answer.batchId)}`);
        else setCurrentBatch({ id: answer.batchId, size: answer.size });
      } else {
        onSubmitted(answer.task);
        // Refused ('failed') or cut off before any answer ('interrupted'): the task comes back with its error.
        const { state, error } = answer.task;
        if ((state === 'failed' || state === 'interrupted') && error)
          setFailure(gatewayErrorSentence(error, t));
      }
    });

  /** Why a press cannot go, in the user's words. */
  const problemSentence = (problem: PressProblem): string =>
    problem.kind === 'no-lines'
      ? t('batch.noLines')
      : problem.kind === 'too-many'
        ? t('batch.tooMany', { max: problem.max, count: problem.count })
        : t('fanout.cannot', {
            model: modelLabel(problem.choice.family, problem.choice.model, models, t),
            problem: problem.problems.join('; '),
          });

  /** A refusal naming one of the form's fields marks that field too. */
  const failWith = (error: unknown): void => {
    const info = errorInfoOf(error);
    if (info.type === 'validation_error' && info.param && family.fields.some((f) => f.name === info.param)) {
      form.setError(info.param, { message: info.message });
    }
    setFailure(errorSentence(error, t));
  };

  const promptLimit = (f: FieldSpec) =>
    f.name === 'prompt' && variant?.noPromptLimit ? undefined : f.maxLength;

  // The catalog's schema says keys, and the one error map (shared/validation) says them in the user's language:
  // what zod reports is what the form shows.
  const errorOf = (name: string): string | undefined => fieldErrorOf(form.formState.errors, name);

  const itemErrors = (name: string): ItemErrors | undefined => itemErrorsOf(form.formState.errors[name]);

  const control = (f: FieldSpec): ReactElement => {
    const field = (
      <FieldControl
        key={f.name}
        field={f}
        form={form}
        error={errorOf(f.name)}
        itemErrors={itemErrors(f.name)}
        maxLength={promptLimit(f)}
      />
    );
    // A free-text prompt gets its reuse tools (history) around it.
    if (f.name !== 'prompt' || f.type !== 'text') return field;
    return (
      <PromptField key={f.name} name={f.name} setValue={form.setValue} control={form.control}>
        {field}
      </PromptField>
    );
  };

  return (
    <PendingEntriesContext.Provider value={pending}>
      <form
        className="family-form"
        onSubmit={(e) => {
          // A link still in its box is part of what the person asked for; a refused source stops here.
          if (commitPendingEntries(pending)) void onSubmit(submittedBy(e.nativeEvent) === 'queue')(e);
          else e.preventDefault();
        }}
        noValidate
        data-testid={`form-${family.id}`}
      >
        {variants.length + newIds.length > 1 ? (
          <SegmentedField
            id="field-model"
            name="model"
            label={t('create.model')}
            error={errorOf('model')}
            value={typeof model === 'string' ? model : ''}
            onChange={(v) => form.setValue('model', v)}
            options={[
              ...variants.map((v) => ({
                value: v.modelId,
                label: t(`create.variants.${v.key}` as 'create.variants.default', {
                  defaultValue: v.label,
                }),
              })),
              ...newIds.map((id) => ({ value: id, label: t('create.discoveredModel', { id }) })),
            ]}
          />
        ) : null}

        <PresetBar family={family.id} models={models} form={form} />

        {editOf ? (
          <div className="edit-note" role="status" data-testid="edit-note">
            <Icon name="spark" size={14} />
            <span>{t('reuse.editing')}</span>
            <button type="button" className="link-btn" onClick={stopEditing}>
              {t('reuse.notAnEdit')}
            </button>
          </div>
        ) : null}

        {family.fields.some((f) => f.name === 'task_id') ? (
          <SourceSection family={family.id} control={form.control} setValue={form.setValue} />
        ) : null}

        <div className="form-section">{textFields.map(control)}</div>

        {choiceFields.length > 0 ? (
          <div className="form-section form-grid">{choiceFields.map(control)}</div>
        ) : null}

        {i3Size ? (
          <p className="output-size" data-testid="output-size">
            <Icon name="image" size={14} />
            {t('create.fields.outputSize', { width: i3Size.width, height: i3Size.height })}
          </p>
        ) : null}

        {switches.length > 0 ? (
          <div className="form-section switches card">{switches.map(control)}</div>
        ) : null}

        {batchable ? <BatchControls value={batch} onChange={setBatch} /> : null}

        {/* One prompt on several models; a batch of prompts goes to the form's model alone. */}
        {batch.on ? null : (
          <AlsoRunOnField
            family={family}
            models={models}
            control={form.control}
            chosen={fanOut}
            onChange={setFanOut}
          />
        )}

        <AdvancedFields
          family={family}
          state={advanced}
          register={form.register}
          errors={form.formState.errors}
          webhookValue={webhookValue}
        />

        <GenerateActions
          failure={failure}
          question={press.dialog}
          submitting={form.formState.isSubmitting}
          describedBy={GENERATE_ESTIMATE_ID}
        >
          <Button
            type="submit"
            disabled={form.formState.isSubmitting}
            data-action="queue"
            aria-describedby={GENERATE_ESTIMATE_ID}
          >
            {t('queue.add')}
          </Button>
          <GenerateEstimate
            family={family}
            models={models}
            control={form.control}
            batch={batchable ? batch : NO_BATCH}
            fanOut={fanOut}
          />
        </GenerateActions>
      </form>
    </PendingEntriesContext.Provider>
  );
}

/** Which button submitted the form: Queue carries data-action="queue"; Generate, Enter and shortcuts send. */
function submittedBy(event: Event): string | undefined {
  const submitter = 'submitter' in event ? event.submitter : null;
  return submitter instanceof HTMLElement ? submitter.dataset.action : undefined;
}
