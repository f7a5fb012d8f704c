// [EP-SPEECH-1], [SVC-2], [LIM-7], [ERR-8]: synchronous speech; the body is audio bytes, not JSON.
import { z } from 'zod';
import { SimError } from '../errors';
import { parseJsonObject, readBody, type Reply } from '../http-util';
import { wavFromPcm } from '../media/fixtures';
import { charCount, parseBody } from '../validation/common';
import { caller, type RouteContext } from './context';

export const SPEECH_FORMATS = {
  wav: 'audio/wav',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  pcm: 'audio/pcm',
} as const;
type SpeechFormat = keyof typeof SPEECH_FORMATS;

export const SPEECH_MAX_CHARS = 4096;
/** USD per input character. */
const PRICE_PER_CHAR = 0.000015;

const schema = z.looseObject({
  model: z.literal('speech_model_id', 'model must be speech_model_id'),
  input: z.string('input is required and must be a string').min(1, 'input must not be empty'),
  // Voices and defaults are not shown: any non-empty voice name is accepted, wav is the default format.
  voice: z.string('voice must be a string').min(1, 'voice must not be empty').optional(),
  response_format: z
    .enum(
      Object.keys(SPEECH_FORMATS) as [SpeechFormat, ...SpeechFormat[]],
      'response_format must be one of wav, opus, aac, flac, pcm',
    )
    .default('wav'),
  speed: z
    .number('speed must be a number')
    .min(0.25, 'speed must be between 0.25 and 4')
    .max(4, 'speed must be between 0.25 and 4')
    .default(1),
});

export async function speech(ctx: RouteContext): Promise<Reply> {
  const token = caller(ctx);
  const body = parseJsonObject(await readBody(ctx.req));
  const chars = typeof body.input === 'string' ? charCount(body.input) : 0;
  if (chars > SPEECH_MAX_CHARS) {
    throw new SimError({
      status: 413,
      type: 'invalid_request_error',
      message: `input is ${chars} characters; the limit is ${SPEECH_MAX_CHARS}.`,
    });
  }
  const b = parseBody(schema, body);
  const cost = chars * PRICE_PER_CHAR;
  ctx.state.accounts.assertCanPay(token, cost);
  ctx.state.accounts.charge(token, cost);
  ctx.state.ledger.add(token, b.model, ctx.state.now(), cost, chars, 0);
  ctx.state.changed();
  const fixtures = ctx.state.fixtures;
  const bytes: Record<SpeechFormat, () => Buffer> = {
    wav: () => wavFromPcm(fixtures.get('speech.pcm')),
    pcm: () => fixtures.get('speech.pcm'),
    opus: () => fixtures.get('speech.opus'),
    aac: () => fixtures.get('speech.aac'),
    flac: () => fixtures.get('speech.flac'),
  };
  return {
    status: 200,
    headers: { 'Content-Type': SPEECH_FORMATS[b.response_format] },
    body: bytes[b.response_format](),
  };
}
