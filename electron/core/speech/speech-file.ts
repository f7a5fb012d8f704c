// The audio of one take, from the gateway's streamed answer to a library item: streamed to a .part file beside
// its final name, hashed on the way, checked to be audio, renamed under a readable name without replacing
// another file, and filed in the library as kind 'speech' with the spoken text as its prompt.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { invalidResponse } from '../../../shared/gateway/gateway-error';
import type { LibraryItem } from '../../../shared/studio/records';
import { sniffMedia } from '../downloads/media-sniff';
import { partName } from '../downloads/part-files';
import { placeWithoutOverwrite, readableBaseName } from '../downloads/readable-name';
import type { Clock } from '../clock';
import type { GatewayPort } from '../gateway/gateway-port';
import type { Library } from '../library';
import { EXTENSION_BY_MIME, notAudio, readHead, safeExtension } from './speech-audio';

export interface SpeechFiling {
  gateway: GatewayPort;
  library: Library;
  clock: Clock;
}

/** The filed take, and when its answer had fully arrived (the end of the seconds its cost is looked for in). */
export interface FiledSpeech {
  item: LibraryItem;
  answeredAt: number;
}

/** Sends the body and files the audio it answers with; bytes that are not audio are refused and left nowhere. */
export async function fileSpeech(
  { gateway, library, clock }: SpeechFiling,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<FiledSpeech> {
  const response = await gateway.speech(body, signal ? { signal } : {});
  const declared = (response.contentType.split(';')[0] ?? '').trim().toLowerCase();
  const name = `speech-${randomUUID()}`;
  const partPath = await library.allocatePath(partName(name));
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
  const answeredAt = clock.now();
  const format = typeof body.response_format === 'string' ? body.response_format : undefined;
  // Named and typed by the bytes when they are recognisable (raw PCM is not), else by the header, else by
  // what was asked for. Bytes that are not audio are refused: a proxy's page saved as .wav is a broken file
  // the user believes they have.
  const head = await readHead(partPath);
  const sniffed = sniffMedia(head);
  const refusal = notAudio(sniffed, head, declared, format, size);
  if (refusal) {
    await rm(partPath, { force: true });
    throw invalidResponse('speech answer', refusal, 200);
  }
  const mime = sniffed?.mime ?? (declared || 'application/octet-stream');
  const extension = sniffed?.ext ?? EXTENSION_BY_MIME[mime] ?? safeExtension(format) ?? 'bin';
  // A readable name (day, the first words spoken, a short id), never replacing another file.
  const path = await placeWithoutOverwrite(
    partPath,
    dirname(partPath),
    (idLength) =>
      readableBaseName(
        {
          day: basename(dirname(partPath)),
          prompt: typeof body.input === 'string' ? body.input : null,
          fallback: 'speech',
          seed: name,
        },
        idLength,
      ),
    extension,
  );
  const { model, input, ...params } = body;
  const item = await library.addSpeech({
    path,
    size,
    sha256: hash.digest('hex'),
    mime,
    model: String(model),
    input: String(input),
    params,
  });
  return { item, answeredAt };
}
