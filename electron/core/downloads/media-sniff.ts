// Recognising a result's type from its first bytes, so a file is named and filed by what it is, not by
// what a header or URL claims. A table of signatures is enough for the formats the gateway returns, and
// spares a dependency that would want the whole stream.

/** Every type sniffMedia answers: the media types the library files for a download (a result, a cover, a take). */
export const SNIFFED_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'audio/wav',
  'audio/mp4',
  'audio/ogg',
  'audio/flac',
  'audio/mpeg',
  'audio/aac',
  'video/mp4',
  'video/quicktime',
  'video/webm',
] as const;
export type SniffedMime = (typeof SNIFFED_MIME_TYPES)[number];

export interface SniffedType {
  mime: SniffedMime;
  ext: string;
  kind: 'image' | 'video' | 'audio';
}

/** Bytes needed to recognise every format below. */
export const SNIFF_BYTES = 16;

const ascii = (buf: Uint8Array, offset: number, text: string): boolean => {
  if (buf.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[offset + i] !== text.charCodeAt(i)) return false;
  return true;
};

const bytes = (buf: Uint8Array, offset: number, sig: readonly number[]): boolean =>
  buf.length >= offset + sig.length && sig.every((b, i) => buf[offset + i] === b);

export function sniffMedia(head: Uint8Array): SniffedType | null {
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: 'image/png', ext: 'png', kind: 'image' };
  }
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a'))
    return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP'))
    return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE'))
    return { mime: 'audio/wav', ext: 'wav', kind: 'audio' };
  if (ascii(head, 4, 'ftyp')) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (brand === 'M4A ' || brand === 'M4B ') return { mime: 'audio/mp4', ext: 'm4a', kind: 'audio' };
    if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov', kind: 'video' };
    if (brand.startsWith('avi') || brand === 'avis')
      return { mime: 'image/avif', ext: 'avif', kind: 'image' };
    return { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
  }
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'video/webm', ext: 'webm', kind: 'video' };
  if (ascii(head, 0, 'OggS')) return { mime: 'audio/ogg', ext: 'ogg', kind: 'audio' };
  if (ascii(head, 0, 'fLaC')) return { mime: 'audio/flac', ext: 'flac', kind: 'audio' };
  if (ascii(head, 0, 'ID3')) return { mime: 'audio/mpeg', ext: 'mp3', kind: 'audio' };
  const b0 = head[0];
  const b1 = head[1];
  if (b0 === 0xff && b1 !== undefined && (b1 & 0xe0) === 0xe0) {
    // Frame sync: layer bits 00 mean an AAC ADTS header, anything else an MPEG audio (MP3) frame.
    if ((b1 & 0x06) === 0) return { mime: 'audio/aac', ext: 'aac', kind: 'audio' };
    return { mime: 'audio/mpeg', ext: 'mp3', kind: 'audio' };
  }
  return null;
}

/** Header values that say nothing about the type: the bytes decide. */
const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);

/** Other names servers use for the same formats. */
const ALIASES: Record<string, readonly string[]> = {
  'image/jpeg': ['image/jpg', 'image/pjpeg'],
  'audio/wav': ['audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  'audio/mp4': ['audio/m4a', 'audio/x-m4a', 'audio/aac', 'video/mp4'],
  'video/mp4': ['audio/mp4', 'audio/m4a', 'audio/x-m4a', 'video/quicktime', 'application/mp4'],
  'video/quicktime': ['video/mp4'],
  'video/webm': ['audio/webm', 'video/x-matroska'],
  'audio/ogg': ['application/ogg', 'audio/opus', 'video/ogg', 'audio/x-ogg'],
  'audio/flac': ['audio/x-flac'],
  'audio/mpeg': ['audio/mp3', 'audio/x-mp3', 'audio/mpeg3'],
  'audio/aac': ['audio/x-aac', 'audio/aacp', 'audio/x-hx-aac-adts'],
};

/** Whether a Content-Type header agrees with the sniffed bytes (parameters such as charset ignored). */
export function contentTypeMatches(header: string | undefined, sniffed: SniffedType): boolean {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (GENERIC.has(type)) return true;
  return type === sniffed.mime || (ALIASES[sniffed.mime] ?? []).includes(type);
}
