// What the form would send as it stands (its model and its values, unset ones dropped), watched as the person types:
// the estimate beside the button and "Also run on…" read the same request.
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { compactBody, submissionModelId, type FamilySpec, type ModelConfig } from '../../../shared/catalog';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { FormValues } from './field-control';

export function useFormRequest(
  family: FamilySpec,
  models: ModelConfig,
  control: Control<FormValues>,
  discovered: readonly string[] = [],
): SubmissionRequest {
  const values = useWatch({ control });
  return useMemo(() => {
    const { model, webhook: _webhook, ...rest } = values;
    return {
      family: family.id,
      model: submissionModelId(family.id, model, models, discovered),
      params: compactBody(rest),
    };
  }, [values, family.id, models, discovered]);
}
