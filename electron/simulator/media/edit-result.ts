// What the demo gateway answers an edit with: the picture it was sent, visibly changed, at the size it was sent.
// Real edit models return the picture redrawn; a demo that ignored it (its own gradient) made any test of putting
// an edit back meaningless, since nothing of the original came back. Each task turns the colours its own way
// (by its seed), so two takes of one edit differ, and the change is strong enough to see at a glance.
import { decodePng, encodeRgbPng, type RgbPicture } from './png-decode';

/** The sent picture, its colours turned: inverted and its channels rotated by the seed. */
export function editedPicture(sent: RgbPicture, seed: number): RgbPicture {
  const shift = Math.abs(seed) % 3;
  const rgb = Buffer.alloc(sent.rgb.length);
  for (let i = 0; i < sent.rgb.length; i += 3) {
    for (let c = 0; c < 3; c++) rgb[i + c] = 255 - (sent.rgb[i + ((c + shift) % 3)] ?? 0);
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
