// [EP-SPEECH-1], [LIM-7] The speech rules are written once (shared/catalog/speech-rules.ts); the catalog's speech
// family, the bridge schema, the Speech form and the CLI derive from them, so they cannot disagree again (the app
// used to refuse speed 12 while the CLI sent it).
import { describe, expect, it } from 'vitest';
import { speechRequestSchema } from '../../shared/bridge/speech-schemas';
import { checkBody, getField } from '../../shared/catalog';
import { SPEECH_FORMATS, SPEECH_INPUT_LIMIT } from '../../shared/catalog/speech-rules';
import { speechFormSchema } from '../../renderer/features/speech/speech-form';
import { planSpeech } from '../../electron/cli/submission-plans';

const form = speechFormSchema;
const request = { model: 'speech_model_id', input: 'hello' };

describe('speech rules agree everywhere', () => {
  it('[EP-SPEECH-1] any speed above zero goes in the catalog, the bridge, the form and the CLI', () => {
    for (const speed of [0.25, 1, 12]) {
      expect(
        checkBody('speech', { model: 'speech_model_id', input: 'hello', speed }).ok,
        `catalog ${speed}`,
      ).toBe(true);
      expect(speechRequestSchema.safeParse({ ...request, speed }).success, `bridge ${speed}`).toBe(true);
      expect(form.safeParse({ ...request, speed }).success, `form ${speed}`).toBe(true);
      expect(() => planSpeech({ ...request, speed }), `cli ${speed}`).not.toThrow();
    }
    for (const speed of [0, -1]) {
      expect(
        checkBody('speech', { model: 'speech_model_id', input: 'hello', speed }).ok,
        `catalog ${speed}`,
      ).toBe(false);
      expect(speechRequestSchema.safeParse({ ...request, speed }).success, `bridge ${speed}`).toBe(false);
      expect(form.safeParse({ ...request, speed }).success, `form ${speed}`).toBe(false);
    }
  });

  it('[LIM-7] the input limit and [EP-SPEECH-1] the formats come from one place', () => {
    expect(getField('speech', 'input')?.maxLength).toBe(SPEECH_INPUT_LIMIT);
    expect(getField('speech', 'response_format')?.values).toEqual(SPEECH_FORMATS);
    expect(speechRequestSchema.shape.responseFormat.unwrap().options).toEqual([...SPEECH_FORMATS]);
    const over = 'a'.repeat(SPEECH_INPUT_LIMIT + 1);
    expect(speechRequestSchema.safeParse({ ...request, input: over }).success).toBe(false);
    expect(form.safeParse({ ...request, input: over }).success).toBe(false);
    expect(speechRequestSchema.safeParse({ ...request, input: over.slice(1) }).success).toBe(true);
  });
});
