// The speech form's rules: the bridge's speech schema ([EP-SPEECH-1], [LIM-7]) with messages through i18n.
import { z } from 'zod';
import { speechRequestSchema } from '../../../shared/bridge/speech-schemas';
import { SPEECH_INPUT_LIMIT } from '../../../shared/catalog/speech-rules';

/** [LIM-7] from the catalog, the one place the speech rules are written. */
export const SPEECH_LIMIT = SPEECH_INPUT_LIMIT;

export function speechFormSchema(messages: { required: string; tooLong: string }) {
  return speechRequestSchema.extend({
    input: z.string().trim().min(1, messages.required).max(SPEECH_LIMIT, messages.tooLong),
    // An empty voice or speed means "the gateway's default".
    voice: z.preprocess((v) => (v === '' ? undefined : v), speechRequestSchema.shape.voice),
    speed: z.preprocess(
      (v) => (v === '' || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v),
      speechRequestSchema.shape.speed,
    ),
  });
}

export type SpeechFormInput = z.input<ReturnType<typeof speechFormSchema>>;
export type SpeechFormOutput = z.output<ReturnType<typeof speechFormSchema>>;
