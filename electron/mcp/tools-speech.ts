// Speech as an agent sends it: generate_speech, the one synchronous family ([EP-SPEECH-1]: the audio comes back
// in the answer). Its params are the catalog's speech fields; the speech service holds it to the budgets and the
// confirmation threshold in the transaction that writes the take down, as for the app and the CLI. The same
// speech taken before on this gateway comes back from the library for nothing (unless fresh), and a keyed call
// is kept in the database (keyed-answers.ts), so a retry never pays for a second take.
import { z } from 'zod';
import { FAMILIES } from '../../shared/catalog';
import type { LibraryItem } from '../../shared/studio/records';
import { speechConfiguration, type SpeechRequest } from '../core/speech';
import { countedIds } from './actual-charges';
import { familyRequest, generateToolName, modelIdsOf, paramsSchema } from './family-requests';
import { underClaim } from './keyed-answers';
import { sendPaid } from './paid-call';
import { itemShape } from './result-shapes';
import { callerKeySchema } from './tools-tasks';
import { defineTool, ToolRefusal } from './tool-registry';
import type { ToolOutcome } from './tool-registry';

const NAME = generateToolName('speech');

function spoken(item: LibraryItem, fromLibrary: boolean): ToolOutcome {
  const charge = fromLibrary
    ? 'from the library, not charged (fresh: true makes a new take)'
    : item.cost === null
      ? 'its cost is read from the usage report shortly (the speech answer carries none)'
      : `cost ${item.cost} USD`;
  return {
    text: `speech ${item.id} at ${item.path}: ${charge}.`,
    data: { item: itemShape(item), fromLibrary },
  };
}

export const generateSpeech = defineTool({
  name: NAME,
  title: `Generate: ${FAMILIES.speech.label}`,
  description:
    `Speaks a text (${FAMILIES.speech.label}, speech; models: ${modelIdsOf('speech').join(', ')}). It costs money: ` +
    "the studio's spending limits apply, and above the confirmation threshold the person is asked first. The " +
    'same speech taken before comes back from the library for nothing unless fresh is true. The audio file is ' +
    'in the library at once. idempotency_key: any text you choose; sending the same key again (a retry) answers ' +
    'with the first take and pays nothing twice.',
  input: z.strictObject({
    model: z.string().min(1).max(200).optional(),
    params: paramsSchema('speech'),
    fresh: z.boolean().optional(),
    idempotency_key: callerKeySchema.optional(),
  }),
  async run(input, call) {
    const checked = familyRequest(NAME, 'speech', input.model, input.params);
    const { params } = checked;
    const request: SpeechRequest = {
      model: checked.model,
      input: String(params.input),
      ...(typeof params.voice === 'string' && { voice: params.voice }),
      ...(typeof params.response_format === 'string' && { responseFormat: params.response_format }),
      ...(typeof params.speed === 'number' && { speed: params.speed }),
    };
    const { speech, library, answers } = call.studio;
    const fresh = input.fresh ?? false;
    if (!fresh) {
      const earlier = await speech.fromLibrary(request);
      if (earlier) return spoken(earlier, true);
    }
    const ids = await sendPaid(call, NAME, {
      callerKey: input.idempotency_key,
      // Measured as the speech service measures a take (its own configuration shape).
      requests: [speechConfiguration(request)],
      held: (key) => answers.answered(key),
      send: (key, confirmed) =>
        underClaim(answers, key, NAME, async () => {
          const outcome = await speech.synthesize(request, { fresh, confirmed, signal: call.signal });
          return [outcome.item.id];
        }),
      counted: (taken) => taken.map(countedIds.speech),
    });
    const item = ids[0] ? library.get(ids[0]) : null;
    if (!item) throw new ToolRefusal('The speech was taken but its library item is gone (deleted since).');
    return { ...spoken(item, false), taskIds: [] };
  },
});
