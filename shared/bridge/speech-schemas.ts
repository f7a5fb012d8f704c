// [EP-SPEECH-1] What the renderer may ask for, derived from the catalog's speech rules (shared/catalog/
// speech-rules.ts): the formats and the input limit the spec fixes, and a speed above zero (no upper bound is
// shown, so the gateway has the last word).
import { z } from 'zod';
import { bridgeLibraryItemSchema } from './record-schemas';
import { SPEECH_FORMATS, SPEECH_INPUT_LIMIT, SPEECH_SPEED_ABOVE } from '../catalog/speech-rules';
import { because } from '../validation';

export const speechFormatSchema = z.enum(SPEECH_FORMATS);

export const speechRequestSchema = z.strictObject({
  model: z.string().min(1).max(200),
  input: z
    .string()
    .max(SPEECH_INPUT_LIMIT)
    .refine((text) => text.trim() !== '', { params: because('speechEmpty') }),
  voice: z.string().min(1).max(100).optional(),
  responseFormat: speechFormatSchema.optional(),
  speed: z.number().gt(SPEECH_SPEED_ABOVE).optional(),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;

/**
 * speech.synthesize's input: the request, `fresh` to pay for a new take of a speech the library holds, and
 * `confirmed` once the person saw the estimate above their confirmation threshold and said send it (the speech
 * service refuses an unconfirmed take above it, as the engine does a task).
 */
export const speakInputSchema = speechRequestSchema.extend({
  fresh: z.boolean().optional(),
  confirmed: z.boolean().optional(),
});
export type SpeakInput = z.infer<typeof speakInputSchema>;

/** The clip, and whether it came from the library (no gateway call, not charged) rather than a new take. */
export const speechOutcomeSchema = z.object({
  item: bridgeLibraryItemSchema,
  fromLibrary: z.boolean(),
});
export type SpeechOutcomeView = z.infer<typeof speechOutcomeSchema>;
