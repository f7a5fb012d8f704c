// What the demo gateway answers an edit with: the picture it was sent, visibly changed, at the size it was sent.
// Real edit models redraw the picture they are sent; a demo that ignored it (its own gradient) made any test of
// putting an edit back meaningless, since nothing of the original came back. Each task turns the colours its own
// way, by its seed (taken from its id): inverted, its channels rotated, and each channel shifted by its own
// amount. A rotation alone gave three looks, so one pair of takes in three came back byte for byte the same (and
// the library then kept one file for both); the shifts come from the whole seed, so every task differs.
import { decodePng, encodeRgbPng, type RgbPicture } from './png-decode';

/** A 32-bit mix in which every bit of the seed moves every bit of the answer (murmur3's finaliser). */
function mixed(seed: number): number {
  let h = seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The sent picture, its colours turned: inverted, its channels rotated and shifted (wrapping), by the seed. */
export function editedPicture(sent: RgbPicture, seed: number): RgbPicture {
  const mix = mixed(seed);
  const rotation = mix % 3;
  const shifts = [(mix >>> 8) & 0xff, (mix >>> 16) & 0xff, (mix >>> 24) & 0xff];
  const rgb = Buffer.alloc(sent.rgb.length);
  for (let i = 0; i < sent.rgb.length; i += 3) {
    for (let c = 0; c < 3; c++)
      rgb[i + c] = (255 - (sent.rgb[i + ((c + rotation) % 3)] ?? 0) + (shifts[c] ?? 0)) & 0xff;
  }
  return { width: sent.width, height: sent.height, rgb };
}

/** The edit's answer as PNG bytes, or null when the sent picture is not one the demo can read. */
export function editResultPng(sentBase64: string, seed: number): Buffer | null {
  const sent = decodePng(Buffer.from(sentBase64, 'base64'));
  return sent ? encodeRgbPng(editedPicture(sent, seed)) : null;
}

/** A CDN's error page where a picture should be. */
const ERROR_PAGE = Buffer.from('<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>\n');

/**
 * A made picture as links.damage breaks it (links.ts); uploads (bytes kept as sent) and other media as they are.
 * Each is something a gateway has been seen to answer with a 200.
 */
export function damagedPicture(
  damage: 'none' | 'not-image' | 'truncated' | 'wrong-size',
  file: { source: { kind: string }; contentType: string },
  bytes: Buffer,
): Buffer {
  const made = file.source.kind === 'png' || file.source.kind === 'edit';
  if (damage === 'none' || !made || !file.contentType.startsWith('image/')) return bytes;
  if (damage === 'not-image') return ERROR_PAGE;
  if (damage === 'truncated') return bytes.subarray(0, Math.max(64, Math.floor(bytes.length / 2)));
  const width = 16_400;
  return encodeRgbPng({ width, height: 8, rgb: Buffer.alloc(width * 8 * 3, 0x80) });
}
