// estimates.*: what a submission will probably cost and take, from the price book. The records themselves are
// zod schemas in shared/studio/estimates.ts (types inferred); this file adds what the bridge takes as input.
import { z } from 'zod';
import { MAX_PRESS_TASKS } from '../studio/press';
import { submissionRequestSchema } from './record-schemas';

export { batchEstimateSchema, costEstimateSchema } from '../studio/estimates';

/** A batch is what one press of Generate sends: one submission, or several (a batch of prompts). */
export const estimateInputSchema = z.strictObject({
  requests: z.array(submissionRequestSchema).min(1).max(MAX_PRESS_TASKS),
});
