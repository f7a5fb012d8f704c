// The speech form's rules: the bridge's speech schema ([EP-SPEECH-1], [LIM-7]); the one error map (shared/validation)
// says what is wrong in the user's language.
import { z } from 'zod';
import { speechRequestSchema } from '../../../shared/bridge/speech-schemas';
import { SPEECH_INPUT_LIMIT } from '../../../shared/catalog/speech-rules';

/** [LIM-7] from the catalog, the one place the speech rules are written. */
export const SPEECH_LIMIT = SPEECH_INPUT_LIMIT;

export const speechFormSchema = speechRequestSchema.extend({
  input: z.string().trim().pipe(speechRequestSchema.shape.input),
  // An empty voice or speed means "the gateway's default".
  voice: z.preprocess((v) => (v === '' ? undefined : v), speechRequestSchema.shape.voice),
  speed: z.preprocess(
    (v) => (v === '' || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v),
    speechRequestSchema.shape.speed,
  ),
});

export type SpeechFormInput = z.input<typeof speechFormSchema>;
export type SpeechFormOutput = z.output<typeof speechFormSchema>;
