// What a speech answer's bytes are: read from the file's head, since a header can lie and raw PCM has no
// signature. Bytes that are not audio are refused (a proxy's page saved as .wav is a broken file the user
// believes they have).
import { open } from 'node:fs/promises';
import { SNIFF_BYTES } from '../downloads/media-sniff';
import type { SniffedType } from '../downloads/media-sniff';

export const EXTENSION_BY_MIME: Record<string, string> = {
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

export async function readHead(path: string): Promise<Buffer> {
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
export function notAudio(
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

export function safeExtension(format: string | undefined): string | null {
  return format && /^[a-z0-9]{1,8}$/.test(format) ? format : null;
}
