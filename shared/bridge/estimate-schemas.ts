// estimates.*: what a submission will probably cost and take, from the price book (shared/studio/estimates.ts).
import { z } from 'zod';
import type { BatchEstimate, CostEstimate } from '../studio/estimates';
import { submissionRequestSchema } from './record-schemas';
import type { Assert, Equals } from './type-equals';

export const costEstimateSchema = z.object({
  usd: z.number().nullable(),
  credits: z.number().nullable(),
  basis: z.enum(['runs', 'usage', 'none']),
  observations: z.number().int().nonnegative(),
  dependsOn: z.array(z.string()),
  seconds: z.number().nullable(),
});

export const batchEstimateSchema = z.object({
  items: z.array(costEstimateSchema),
  totalUsd: z.number().nullable(),
  totalCredits: z.number().nullable(),
  unknown: z.number().int().nonnegative(),
});

/** A batch is what one press of Generate sends: one submission, or several (a batch of prompts). */
export const estimateInputSchema = z.strictObject({
  requests: z.array(submissionRequestSchema).min(1).max(100),
});

// If one of these fails to compile, a record in shared/studio/estimates.ts changed: update the schema above.
export type _EstimateChecks = [
  Assert<Equals<z.infer<typeof costEstimateSchema>, CostEstimate>>,
  Assert<Equals<z.infer<typeof batchEstimateSchema>, BatchEstimate>>,
];
