// The generic form of a model the gateway lists whose family this studio does not know (shared/catalog/
// generic-model.ts): marked as generic, its fields are the listing's own (or a prompt and a JSON parameters field
// when the listing gave none usable), validated with a zod schema built from them, and the task is sent to the
// endpoint the listing names. Kept apart from FamilyForm: none of a catalog family's rules, presets or batches apply.
import { useMemo, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  carrierFamilyOf,
  genericFields,
  genericParams,
  genericSchema,
  JSON_PARAMETERS,
} from '../../../shared/catalog/generic-model';
import type { PlacedModel } from '../../../shared/catalog/discovered';
import { singleIntent } from '../../../shared/studio/press';
import type { TaskRecord } from '../../../shared/studio/records';
import { errorSentence } from '../../lib/bridge-error';
import { gatewayErrorSentence } from '../../lib/gateway-error-sentence';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/field';
import { FieldControl, type FormValues } from './field-control';
import { GenerateActions } from './generate-actions';
import { usePress } from './use-press';
import { fieldErrorOf } from './item-errors';

export function GenericModelForm({
  model,
  onSubmitted,
}: {
  model: PlacedModel;
  onSubmitted: (task: TaskRecord) => void;
}): ReactElement | null {
  const { t } = useTranslation();
  const carrier = carrierFamilyOf(model.endpoint);
  const fields = useMemo(() => genericFields(model), [model]);
  // No usable schema, or parameters no control can offer (arrays, objects): those are typed as JSON.
  const withJson = model.fields === null || (model.skipped?.length ?? 0) > 0;
  // Parsed values differ from typed ones only in the JSON field (text in, object out): the form holds both as values.
  const schema = useMemo(
    () => genericSchema(fields, withJson) as unknown as z.ZodType<FormValues, FormValues>,
    [fields, withJson],
  );
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(
      fields.map((f) => [f.name, f.default ?? (f.type === 'text' ? '' : undefined)]),
    ),
    mode: 'onSubmit',
  });
  const press = usePress();
  const [failure, setFailure] = useState<string | null>(null);
  if (carrier === null) return null;

  const errorOf = (name: string): string | undefined => fieldErrorOf(form.formState.errors, name);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const request = { family: carrier, model: model.id, params: genericParams(values) };
    // Refused, asked (above the threshold, or no estimate yet: a price to assume may be typed there), or sent,
    // by the same press controller as a family's form.
    const outcome = await press.controller.press(singleIntent(request));
    // A press of one request as it is has no lines to lack and no other models to refuse it.
    if (outcome.status === 'cannot') return;
    if (outcome.status === 'stopped') return setFailure(outcome.failure);
    if (outcome.status === 'failed') return setFailure(errorSentence(outcome.error, t));
    // Sent: the form is fresh again, so clearing the prompt to write the next one is not scolded before a press.
    form.reset(undefined, { keepValues: true });
    if (outcome.value.kind !== 'task') return;
    const { task } = outcome.value;
    onSubmitted(task);
    if ((task.state === 'failed' || task.state === 'interrupted') && task.error)
      setFailure(gatewayErrorSentence(task.error, t));
  });

  return (
    <form
      className="family-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid={`form-generic-${model.id}`}
      aria-label={t('create.generic.formName', { id: model.id })}
    >
      <Alert tone="info" testId="generic-note">
        {t('create.generic.note', { id: model.id, endpoint: model.endpoint ?? '' })}
        {model.schemaProblem ? ` ${t('create.generic.noSchema', { problem: model.schemaProblem })}` : ''}
        {model.skipped?.length ? ` ${t('create.generic.skipped', { names: model.skipped.join(', ') })}` : ''}
      </Alert>
      <div className="form-section">
        {fields.map((f) => (
          <FieldControl
            key={f.name}
            field={f}
            form={form}
            error={errorOf(f.name)}
            maxLength={f.maxLength}
            idPrefix="generic"
          />
        ))}
        {withJson ? (
          <Field
            id="generic-parameters"
            label={t('create.generic.parameters')}
            hint={t('create.generic.parametersHint')}
            error={errorOf(JSON_PARAMETERS)}
          >
            {(wiring) => (
              <textarea
                {...wiring}
                className="textarea"
                rows={4}
                spellCheck={false}
                {...form.register(JSON_PARAMETERS)}
              />
            )}
          </Field>
        ) : null}
      </div>
      <GenerateActions failure={failure} question={press.dialog} submitting={form.formState.isSubmitting} />
    </form>
  );
}
