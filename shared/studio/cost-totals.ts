// What a set of generations cost together: the library's current filter, the Tasks page's list. One task's
// charge counts once however many of its files are in the set; an item or task whose cost is not known is
// counted apart, never as zero. The zod schemas are the records; their types are inferred.
import { z } from 'zod';

export const costTotalSchema = z.object({
  /** Items (library) or tasks (Tasks page) in the set. */
  count: z.number().int().min(0),
  /** USD charged for those with a known cost; null when none has one. */
  usd: z.number().finite().nullable(),
  /** The same in credits ([TASK-9]); null when a known charge lacks its credits (say it in USD then). */
  credits: z.number().finite().nullable(),
  /** How many in the set have no known cost (never counted as 0). */
  unknown: z.number().int().min(0),
});
export type CostTotal = z.infer<typeof costTotalSchema>;

/**
 * The Tasks page's total: budgets count per gateway (the demo's play money and a live gateway's bills never add
 * up), so the sum is over the tasks sent to the gateway in use, and the tasks of other gateways (or of none
 * known) are counted apart, not summed.
 */
export const taskCostTotalSchema = costTotalSchema.extend({
  /** Tasks in the same list sent to another gateway: not in count, usd or credits. */
  elsewhere: z.number().int().min(0),
});
export type TaskCostTotal = z.infer<typeof taskCostTotalSchema>;
