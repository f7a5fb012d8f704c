// What a view's generations cost together (shared/studio/cost-totals.ts), as the bridge carries it.
import { z } from 'zod';
import type { CostTotal } from '../studio/cost-totals';
import { taskStateSchema } from './record-schemas';

export const costTotalSchema = z.object({
  count: z.number().int().min(0),
  usd: z.number().finite().nullable(),
  credits: z.number().finite().nullable(),
  unknown: z.number().int().min(0),
}) satisfies z.ZodType<CostTotal>;

/** The Tasks page's filter: the same states tasks.list takes. */
export const taskTotalQuerySchema = z
  .strictObject({ states: z.array(taskStateSchema).max(8).optional() })
  .optional();
