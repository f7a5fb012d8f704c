// "Also run on…": the other models of this kind the same form is sent to at the same press. Under the choices,
// each chosen model says what of the form it ignores ("I1 ignores: Aspect ratio", by the form's own labels) or
// cannot take, so nothing is dropped without being named. The carrying over itself is shared/catalog/carry-over.ts.
import type { ReactElement } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  choiceKey,
  modelsOfKind,
  type FamilySpec,
  type ModelChoice,
  type ModelConfig,
} from '../../../shared/catalog';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import { fanOutRequests } from '../../../shared/studio/press';
import { modelLabel } from '../../lib/model-label';
import { Field } from '../../ui/field';
import type { FormValues } from './field-control';
import { fieldLabel } from './field-label';
import { useFormRequest } from './form-request';
import './also-run-on.css';

export interface AlsoRunOnProps {
  family: FamilySpec;
  models: ModelConfig;
  /** What the form would send now (its model and compacted values): what the notes are about. */
  request: SubmissionRequest;
  chosen: readonly ModelChoice[];
  onChange: (next: ModelChoice[]) => void;
}

/**
 * The models a form of this family may also go to: every model of its kind but the one the form has. A family
 * whose operations share one model (music) or that takes none (grid upscale) has none to offer.
 */
export function otherModels(family: FamilySpec, model: string, models: ModelConfig): ModelChoice[] {
  return modelsOfKind(family.kind, models).filter((c) => c.model !== model);
}

export function AlsoRunOn({
  family,
  models,
  request,
  chosen,
  onChange,
}: AlsoRunOnProps): ReactElement | null {
  const { t } = useTranslation();
  const choices = otherModels(family, request.model, models);
  if (choices.length === 0) return null;
  const picked = new Set(chosen.map(choiceKey));
  const toggle = (choice: ModelChoice, on: boolean) =>
    // Kept in the catalog's order whatever order they were ticked in: the grid shows them the same way.
    onChange(choices.filter((c) => (c === choice ? on : picked.has(choiceKey(c)))));
  const { carried } = fanOutRequests(request, chosen, models);
  const label = (c: ModelChoice) => modelLabel(c.family, c.model, models, t);
  return (
    <div className="form-section also-run-on card" data-testid="also-run-on">
      <Field id="also-run-on" label={t('fanout.label')} hint={t('fanout.hint')} group>
        {(group) => (
          <div role="group" className="also-run-on-choices" {...group}>
            {choices.map((c) => (
              <label key={choiceKey(c)} className="also-run-on-choice">
                <input
                  type="checkbox"
                  checked={picked.has(choiceKey(c))}
                  onChange={(e) => toggle(c, e.target.checked)}
                />
                {label(c)}
              </label>
            ))}
          </div>
        )}
      </Field>
      {carried.length > 0 ? (
        <ul className="also-run-on-notes" aria-label={t('fanout.notes')}>
          {carried.map(({ choice, carried: c }) => (
            <li key={choiceKey(choice)} data-testid="fanout-note">
              {c.problems.length > 0 ? (
                <span className="also-run-on-problem">
                  {t('fanout.cannot', { model: label(choice), problem: c.problems.join('; ') })}
                </span>
              ) : c.ignored.length > 0 ? (
                t('fanout.ignores', {
                  model: label(choice),
                  fields: c.ignored.map((name) => fieldLabel(name, t)).join(', '),
                })
              ) : (
                t('fanout.takesAll', { model: label(choice) })
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The picker as the form mounts it: about what the form would send now, re-read as the person types. */
export function AlsoRunOnField({
  control,
  ...props
}: Omit<AlsoRunOnProps, 'request'> & { control: Control<FormValues> }): ReactElement | null {
  const request = useFormRequest(props.family, props.models, control);
  return <AlsoRunOn {...props} request={request} />;
}
