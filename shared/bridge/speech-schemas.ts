// [EP-SPEECH-1] What the renderer may ask for; voices, defaults and speed bounds are not fixed by the spec, so
// only the documented limits are enforced here and the gateway has the last word.
import { z } from 'zod';

export const speechFormatSchema = z.enum(['wav', 'opus', 'aac', 'flac', 'pcm']);

export const speechRequestSchema = z.strictObject({
  model: z.string().min(1).max(200),
  input: z
    .string()
    .min(1, 'Type something to speak.')
    .max(4096, 'Speech input is limited to 4096 characters.'),
  voice: z.string().min(1).max(100).optional(),
  responseFormat: speechFormatSchema.optional(),
  speed: z.number().positive().max(10).optional(),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;
