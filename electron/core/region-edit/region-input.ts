// The picture a region edit sends, as the model's catalog entry asks (FamilySpec.regionEdit): the region with a
// margin of its surroundings (so the model sees what the change must blend into), or the whole picture with the
// region outlined (for a model that keeps a style or a character across the picture). Scaled so its longest
// side is within what the model takes, and never below a size a model can read detail from.
import sharp from 'sharp';
import type { RegionEditSupport } from '../../../shared/catalog/types';
import type { PixelBox, RegionSelection } from '../../../shared/studio/region-selection';
import { clipBox, selectionBox } from '../../../shared/studio/region-selection';
import { selectionSvgShapes } from './region-mask';

/** A region smaller than this on its longest side is sent enlarged: models answer a thumbnail with mush. */
export const MIN_SENT_SIDE = 512;

export interface RegionInput {
  /** PNG bytes. */
  bytes: Buffer;
  /** The part of the original the picture sent shows: the result is scaled back onto exactly this box. */
  box: PixelBox;
  /** The prompt to send: the instruction, with a sentence about the outline when the picture is marked. */
  prompt: string;
}

/** The margin around a cropped region: a quarter of its longer side, at least 16 pixels. */
export function cropBox(selection: RegionSelection, width: number, height: number): PixelBox | null {
  const bounds = selectionBox(selection);
  const margin = Math.max(16, Math.round(Math.max(bounds.w, bounds.h) / 4));
  return clipBox(
    { x: bounds.x - margin, y: bounds.y - margin, w: bounds.w + 2 * margin, h: bounds.h + 2 * margin },
    width,
    height,
  );
}

/** The scale that brings a box's longest side within [MIN_SENT_SIDE, maxSide] (1 when it already is). */
export function sentScale(box: PixelBox, maxSide: number): number {
  const longest = Math.max(box.w, box.h);
  if (longest > maxSide) return maxSide / longest;
  if (longest < MIN_SENT_SIDE) return Math.min(MIN_SENT_SIDE, maxSide) / longest;
  return 1;
}

/** The words that tell a model which part of a marked picture to change, and to leave the outline out. */
export function markedPrompt(instruction: string): string {
  return `Change only the area inside the magenta outline, and leave the outline out of the result: ${instruction}`;
}

/** The picture as it is seen: turned by its EXIF orientation (the size given is the upright one). */
const upright = (picture: Buffer): Promise<Buffer> => sharp(picture).autoOrient().toBuffer();

export async function regionInput(
  original: Buffer,
  size: { width: number; height: number },
  selection: RegionSelection,
  support: RegionEditSupport,
  instruction: string,
): Promise<RegionInput> {
  const { width, height } = size;
  if (support.sends === 'marked') {
    const box = { x: 0, y: 0, w: width, h: height };
    const scale = sentScale(box, support.maxSide);
    // The outline in a colour pictures rarely hold, about 1/200 of the picture thick; outside the selection it
    // is replaced by the original when the result comes back, so only the model ever sees it.
    const stroke = Math.max(2, Math.round(Math.max(width, height) / 200));
    const outline = selectionSvgShapes(selection)
      .replaceAll('fill="#fff"', 'fill="none"')
      .replaceAll('stroke="#fff"', 'stroke="none"')
      .replace(/<(rect|polygon|circle)/g, `<$1 stroke="#ff00ff" stroke-width="${stroke}"`);
    const brushEdge =
      selection.kind === 'brush'
        ? selectionSvgShapes(selection).replaceAll('stroke="#fff"', 'stroke="#ff00ff" stroke-opacity="0.35"')
        : '';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${outline}${brushEdge}</svg>`;
    const marked = await sharp(await upright(original))
      .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
      .png()
      .toBuffer();
    const bytes = await sharp(marked)
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), {
        fit: 'fill',
      })
      .png()
      .toBuffer();
    return { bytes, box, prompt: markedPrompt(instruction) };
  }
  const box = cropBox(selection, width, height);
  if (!box) throw new RangeError('The selection lies outside the picture.');
  const scale = sentScale(box, support.maxSide);
  const bytes = await sharp(await upright(original))
    .extract({ left: box.x, top: box.y, width: box.w, height: box.h })
    .resize(Math.max(1, Math.round(box.w * scale)), Math.max(1, Math.round(box.h * scale)), { fit: 'fill' })
    .png()
    .toBuffer();
  return { bytes, box, prompt: instruction };
}
