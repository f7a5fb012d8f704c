// reuse.*: results flowing into the next creation: the made-from chain both ways, a library file
// as a reference, the settings a dropped file carries, and a submission that edits an earlier task.
import { z } from 'zod';
import { fileSettingsSchema } from '../studio/file-settings';
import { taskStylesSchema } from '../studio/presets';
import { MADE_FROM_RELATIONS } from '../studio/made-from';
import { base64DecodedLength, MAX_REFERENCE_BYTES, referenceSizes } from '../studio/references';
import {
  bridgeLibraryItemSchema,
  familyIdSchema,
  submissionKeySchema,
  submissionRequestSchema,
} from './record-schemas';
import { because } from '../validation';

const id = z.string().min(1).max(200);

/** One step of the chain: the task on the other side, and the item to open for it (null when none is filed). */
export const madeFromStepSchema = z.object({
  relation: z.enum(MADE_FROM_RELATIONS),
  taskId: z.string(),
  family: familyIdSchema.nullable(),
  prompt: z.string().nullable(),
  item: bridgeLibraryItemSchema.nullable(),
});
export type MadeFromStep = z.infer<typeof madeFromStepSchema>;

export const madeFromChainSchema = z.object({
  madeFrom: z.array(madeFromStepSchema),
  madeFromThis: z.array(madeFromStepSchema),
});
export type MadeFromChain = z.infer<typeof madeFromChainSchema>;

/** A dropped or pasted file, as a data URL, read for the settings it may carry (PNG or MP3). */
export const settingsFileSchema = z.strictObject({
  dataUrl: z.string().superRefine((value, ctx) => {
    const size = base64DecodedLength(value.slice(value.indexOf(',') + 1));
    if (size > MAX_REFERENCE_BYTES)
      ctx.addIssue({ code: 'custom', params: because('referenceTooLarge', referenceSizes(size)) });
    else if (!/^data:[a-z]+\/[a-z0-9.+-]+;base64,/i.test(value))
      ctx.addIssue({ code: 'custom', params: because('droppedDataUrl') });
  }),
});

/** `damaged`: why settings the file carries cannot be restored (null when whole or when it carries none). */
export const fileSettingsResultSchema = z.object({
  settings: fileSettingsSchema.nullable(),
  damaged: z.string().nullable(),
});

/** A submission made from an earlier task's settings, changed by the person ("Edit and run again"). */
/** `confirmed`: the user confirmed the estimate above their threshold (electron/core/spending), as for tasks.submit. */
export const editSubmissionSchema = z.strictObject({
  request: submissionRequestSchema,
  editOf: id,
  confirmed: z.boolean().optional(),
  key: submissionKeySchema.optional(),
  /** The prompt as typed and the styles on, kept with the task in the transaction of its row. */
  styles: taskStylesSchema.optional(),
});
