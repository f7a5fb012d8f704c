// The prompt history as the bridge carries it: each entry with the library item its latest use made (for the
// thumbnail), and the inputs of pin and forget.
import { z } from 'zod';
import { PROMPT_TEXT_MAX, promptHistoryEntrySchema } from '../studio/prompt-history';
import { bridgeLibraryItemSchema } from './record-schemas';

export const bridgeHistoryEntrySchema = promptHistoryEntrySchema.extend({
  item: bridgeLibraryItemSchema.nullable(),
});
export type BridgeHistoryEntry = z.infer<typeof bridgeHistoryEntrySchema>;

const promptText = z.string().min(1).max(PROMPT_TEXT_MAX);
export const historyPinInputSchema = z.strictObject({ text: promptText, pinned: z.boolean() });
export const historyForgetInputSchema = z.strictObject({ text: promptText });
export const historyForgottenSchema = z.object({ forgotten: z.number().int().min(0) });
