// What one press sends when "Also run on…" has models chosen: the form's own request first, then one per chosen
// model with what it takes of the form (shared/catalog/carry-over.ts). The form, the estimate beside the button
// and the spending check all build the press here, so what is estimated and checked is what is sent.
import { carryOver, type CarriedOver, type ModelChoice, type ModelConfig } from '../../../shared/catalog';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';

export interface FanOut {
  requests: SubmissionRequest[];
  /** Per chosen model, in the order chosen: what it takes of the form, ignores, and refuses. */
  carried: { choice: ModelChoice; carried: CarriedOver }[];
}

export function fanOutRequests(
  request: SubmissionRequest,
  chosen: readonly ModelChoice[],
  models: ModelConfig,
): FanOut {
  const carried = chosen.map((choice) => ({ choice, carried: carryOver(request.params, choice, models) }));
  const others = carried.map(({ choice, carried: c }) => ({
    family: choice.family,
    model: choice.model,
    params: c.params,
    ...(request.webhook ? { webhook: request.webhook } : {}),
  }));
  return { requests: [request, ...others], carried };
}
