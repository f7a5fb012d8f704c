// [EP-SPEECH-1] What the renderer may ask for, derived from the catalog's speech rules (shared/catalog/
// speech-rules.ts): the formats and the input limit the spec fixes, and a speed above zero (no upper bound is
// shown, so the gateway has the last word).
import { z } from 'zod';
import { SPEECH_FORMATS, SPEECH_INPUT_LIMIT, SPEECH_SPEED_ABOVE } from '../catalog/speech-rules';

export const speechFormatSchema = z.enum(SPEECH_FORMATS);

export const speechRequestSchema = z.strictObject({
  model: z.string().min(1).max(200),
  input: z
    .string()
    .min(1, 'Type something to speak.')
    .max(SPEECH_INPUT_LIMIT, `Speech input is limited to ${SPEECH_INPUT_LIMIT} characters.`),
  voice: z.string().min(1).max(100).optional(),
  responseFormat: speechFormatSchema.optional(),
  speed: z.number().gt(SPEECH_SPEED_ABOVE).optional(),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;
