// A compare group as the compare view reads it: one prompt sent to several models at one press ("Also run on…").
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';
import { taskRecordSchema } from './records';

export const compareGroupSchema = z.object({
  /** The group's tasks in the order of the press (the form's own model first). */
  tasks: z.array(taskRecordSchema),
  /**
   * Its models still held in the submission queue, not sent (a fan-out beyond the request budget waits there),
   * in the order of the press; each becomes a task when its turn comes.
   */
  queued: z.array(z.object({ family: familyIdSchema, model: z.string() })),
});
export type CompareGroup = z.infer<typeof compareGroupSchema>;
