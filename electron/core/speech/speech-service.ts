// Speech is synchronous at the gateway ([SVC-2], [EP-SPEECH-1]): the audio streams back in the response.
// We stream it to a .part file beside its final name, hash it on the way, rename it atomically, and file it
// in the library as kind 'speech' with the spoken text as its prompt.
import { partName } from '../downloads/part-files';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES, sniffMedia } from '../downloads/media-sniff';
import type { SniffedType } from '../downloads/media-sniff';
import { invalidResponse } from '../../../shared/gateway/gateway-error';
import type { GatewayPort } from '../gateway/gateway-port';
import type { Library } from '../library';
import type { LibraryItem } from '../../../shared/studio/records';

export interface SpeechRequest {
  model: string;
  input: string;
  voice?: string;
  /** [EP-SPEECH-1] wav, opus, aac, flac or pcm. */
  responseFormat?: string;
  speed?: number;
}

export interface SpeechServiceOptions {
  gateway: GatewayPort;
  library: Library;
}

const EXTENSION_BY_MIME: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/ogg': 'opus',
  'audio/opus': 'opus',
  'audio/aac': 'aac',
  'audio/x-aac': 'aac',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/pcm': 'pcm',
  'audio/l16': 'pcm',
  'audio/mpeg': 'mp3',
};

/** The body as the gateway names its fields; the client validates it against the catalog before sending. */
export function speechBody(request: SpeechRequest): Record<string, unknown> {
  return {
    model: request.model,
    input: request.input,
    ...(request.voice !== undefined && { voice: request.voice }),
    ...(request.responseFormat !== undefined && { response_format: request.responseFormat }),
    ...(request.speed !== undefined && { speed: request.speed }),
  };
}

export class SpeechService {
  constructor(private readonly options: SpeechServiceOptions) {}

  async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<LibraryItem> {
    const body = speechBody(request);
    const response = await this.options.gateway.speech(body, signal ? { signal } : {});
    const declared = (response.contentType.split(';')[0] ?? '').trim().toLowerCase();
    const name = `speech-${randomUUID()}`;
    const partPath = await this.options.library.allocatePath(partName(name));
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(
        response.stream,
        meter,
        createWriteStream(partPath, { flags: 'wx' }),
        signal ? { signal } : {},
      );
    } catch (error) {
      await rm(partPath, { force: true });
      throw error;
    }
    // Named and typed by the bytes when they are recognisable (raw PCM is not), else by the header, else by
    // what was asked for. Bytes that are not audio are refused: a proxy's page saved as .wav is a broken file
    // the user believes they have.
    const head = await readHead(partPath);
    const sniffed = sniffMedia(head);
    const refusal = notAudio(sniffed, head, declared, request.responseFormat, size);
    if (refusal) {
      await rm(partPath, { force: true });
      throw invalidResponse('speech answer', refusal, 200);
    }
    const mime = sniffed?.mime ?? (declared || 'application/octet-stream');
    const extension =
      sniffed?.ext ?? EXTENSION_BY_MIME[mime] ?? safeExtension(request.responseFormat) ?? 'bin';
    const path = join(dirname(partPath), `${name}.${extension}`);
    await rename(partPath, path);
    const { model, input, ...params } = body;
    return this.options.library.addSpeech({
      path,
      size,
      sha256: hash.digest('hex'),
      mime,
      model: String(model),
      input: String(input),
      params,
    });
  }
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Containers a speech answer may come in besides plain audio formats (an audio-only MP4 or WebM). */
const AUDIO_CONTAINERS = new Set(['video/mp4', 'video/webm']);

/**
 * Why these bytes are not the audio asked for, or null when they are. Only raw PCM has no signature, so
 * unrecognised bytes pass only when PCM was asked for (or declared) and do not read as a text document.
 */
function notAudio(
  sniffed: SniffedType | null,
  head: Buffer,
  declared: string,
  format: string | undefined,
  size: number,
): string | null {
  if (size === 0) return 'the answer was empty';
  if (sniffed) {
    return sniffed.kind === 'audio' || AUDIO_CONTAINERS.has(sniffed.mime)
      ? null
      : `it is ${sniffed.mime}, not audio`;
  }
  const rawPcm = format === 'pcm' || declared === 'audio/pcm' || declared === 'audio/l16';
  if (rawPcm && !/^(text\/|application\/(json|xml|xhtml))/.test(declared) && !looksLikeText(head))
    return null;
  const text = looksLikeText(head) ? `: ${JSON.stringify(head.toString('utf8').slice(0, 40))}` : '';
  return `the bytes are not a known audio format${declared ? ` (declared ${declared})` : ''}${text}`;
}

/** A document (HTML, JSON, XML, plain words) starts with printable text; audio samples rarely do for 16 bytes. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  return head.every((b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f));
}

function safeExtension(format: string | undefined): string | null {
  return format && /^[a-z0-9]{1,8}$/.test(format) ? format : null;
}
