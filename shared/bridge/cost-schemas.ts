// What a view's generations cost together (records in shared/studio/cost-totals.ts), and the Tasks page's filter.
import { z } from 'zod';
import { taskStateSchema } from './record-schemas';

export { costTotalSchema, taskCostTotalSchema } from '../studio/cost-totals';

/** The Tasks page's filter: the same states tasks.list takes. */
export const taskTotalQuerySchema = z
  .strictObject({ states: z.array(taskStateSchema).max(8).optional() })
  .optional();
