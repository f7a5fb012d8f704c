// The edit put back: the gateway's picture (any size, any format sharp reads; hostile until proven a picture
// of sane size) is scaled onto the box it was made from and blended into the original through the feathered
// mask. Every pixel the mask leaves at 0, i.e. every pixel outside the selection, is copied from the original
// as decoded, so the result is the original there, byte for byte in its pixels. Done here, not by the model:
// hosted models are known to ignore a mask they are sent and to redraw the whole picture a little differently.
import sharp, { type Metadata } from 'sharp';
import type { PixelBox } from '../../../shared/studio/region-selection';
import type { RegionMask } from './region-mask';

/** A gateway picture larger than this (per side, in pixels) is refused, never decoded. */
export const MAX_RESULT_SIDE = 16_384;
/** sharp's own guard against decompression bombs, at the same bound. */
const MAX_RESULT_PIXELS = MAX_RESULT_SIDE * MAX_RESULT_SIDE;

/** Why a gateway's picture could not be composited: said in the task's download error, the file kept aside. */
export class RegionResultError extends Error {
  override name = 'RegionResultError';
}

export interface DecodedPicture {
  /** RGBA, row-major. */
  data: Buffer;
  width: number;
  height: number;
  /** Whether the picture had an alpha channel of its own (the result keeps it only then). */
  hasAlpha: boolean;
}

/**
 * A picture decoded to RGBA upright: turned by its EXIF orientation first, as every viewer (and the editor's
 * `<img>`) shows it, so a selection drawn on a phone photo held sideways lands where it was drawn.
 */
export async function decodePicture(input: Buffer | string): Promise<DecodedPicture> {
  const image = sharp(input, { limitInputPixels: MAX_RESULT_PIXELS, failOn: 'error' });
  const meta = await image.metadata();
  const { data, info } = await image.autoOrient().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, hasAlpha: meta.hasAlpha };
}

/** The gateway's picture, checked and scaled to the box it stands for, as RGBA. */
async function resultOver(result: Buffer, box: PixelBox): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(result, { limitInputPixels: MAX_RESULT_PIXELS, failOn: 'error' }).metadata();
  } catch (error) {
    throw new RegionResultError(
      `The gateway's result is not a picture the studio can read (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1 || width > MAX_RESULT_SIDE || height > MAX_RESULT_SIDE)
    throw new RegionResultError(
      `The gateway's result is ${width}×${height} pixels; a region edit takes 1 to ${MAX_RESULT_SIDE} on each side.`,
    );
  try {
    return await sharp(result, { limitInputPixels: MAX_RESULT_PIXELS, failOn: 'error', pages: 1 })
      .ensureAlpha()
      .resize(box.w, box.h, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch (error) {
    throw new RegionResultError(
      `The gateway's result could not be decoded (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

/**
 * The original with the result blended in through the mask, as PNG bytes. `box` is the part of the original
 * the result shows (the crop sent, or the whole picture).
 */
export async function compositeRegion(
  original: DecodedPicture,
  result: Buffer,
  box: PixelBox,
  mask: RegionMask,
): Promise<Buffer> {
  const over = await resultOver(result, box);
  const out = Buffer.from(original.data);
  const { width } = original;
  const m = mask.box;
  for (let y = 0; y < m.h; y++) {
    const py = m.y + y;
    for (let x = 0; x < m.w; x++) {
      const a = mask.alpha[y * m.w + x] ?? 0;
      if (a === 0) continue;
      const px = m.x + x;
      // A mask pixel off the box the result covers keeps the original (the crop box holds the mask's, but a
      // marked picture's box is the whole picture and a crop's may be clipped).
      const rx = px - box.x;
      const ry = py - box.y;
      if (rx < 0 || ry < 0 || rx >= box.w || ry >= box.h) continue;
      const o = (py * width + px) * 4;
      const r = (ry * box.w + rx) * 4;
      for (let c = 0; c < 4; c++) {
        const before = out[o + c] ?? 0;
        const after = over[r + c] ?? 0;
        out[o + c] = Math.round((before * (255 - a) + after * a) / 255);
      }
    }
  }
  const png = sharp(out, { raw: { width, height: original.height, channels: 4 } });
  return (original.hasAlpha ? png : png.removeAlpha()).png().toBuffer();
}
