// Real images of a chosen size for reference-image tests: random pixels compress to nothing, so a PNG of
// noise is about as large as its raw pixels, and sharp can still read it (thumbnails, dimensions).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export const MiB = 1024 * 1024;

/** A PNG of random pixels of at least `minBytes`. */
export async function noisePng(minBytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(minBytes / 3)) + 8;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const dataUrlOf = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

/** Bytes of a value as JSON: what it costs in a row, an event or a bridge answer. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
