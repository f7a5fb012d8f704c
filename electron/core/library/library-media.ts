// What the library files, by kind: the media types its downloads are recognised as (media-sniff.ts, by their
// bytes), and for a speech take also the raw PCM the speech service keeps under its declared type. Anything
// else (a text/html page, an SVG that can hold a script) is not media the library files, whoever offers it.
import type { LibraryKind } from '../../../shared/studio/records';
import { SNIFFED_MIME_TYPES } from '../downloads/media-sniff';

/** Raw PCM has no signature: the speech service files it under the type the gateway declared (speech-file.ts). */
const RAW_SPEECH_TYPES = ['audio/pcm', 'audio/l16', 'application/octet-stream'] as const;

const SNIFFED: ReadonlySet<string> = new Set(SNIFFED_MIME_TYPES);
const RAW_SPEECH: ReadonlySet<string> = new Set(RAW_SPEECH_TYPES);

/** Whether the library files an item of this kind with this media type. */
export function isLibraryMime(kind: LibraryKind, mime: string): boolean {
  return SNIFFED.has(mime) || (kind === 'speech' && RAW_SPEECH.has(mime));
}
