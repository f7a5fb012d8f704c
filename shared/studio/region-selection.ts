// A region of a picture the person wants changed, and nothing else: a rectangle, a lasso polygon or brush
// strokes, in the picture's own pixels (top-left origin). One shape for the editor that draws it, the bridge and
// the CLI that carry it, the core that masks and composites with it, and the settings a result file keeps.
// Numbers from outside (a typed field, a CLI flag, a dropped file's settings) are bounded by the schema; whether
// the region lies on the picture is checkSelection's job, once the picture's size is known.
import { z } from 'zod';
import { because } from '../validation';

/** Points of one lasso or of all brush strokes together: plenty for a hand-drawn outline, bounded for a file. */
export const MAX_SELECTION_POINTS = 4000;
export const MAX_BRUSH_STROKES = 200;
/** A brush of this radius (in picture pixels) covers any picture the studio keeps. */
export const MAX_BRUSH_RADIUS = 2000;
/** Coordinates beyond this are nonsense for any picture (16384 is sharp's and the gateway's practical bound). */
const MAX_COORD = 100_000;

const coord = z.number().finite().min(-MAX_COORD).max(MAX_COORD);
const point = z.tuple([coord, coord]);
const size = z.number().int().min(1).max(MAX_COORD);

export const regionSelectionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('rect'),
    x: z.number().int().min(0).max(MAX_COORD),
    y: z.number().int().min(0).max(MAX_COORD),
    w: size,
    h: size,
  }),
  z.strictObject({ kind: z.literal('lasso'), points: z.array(point).min(3).max(MAX_SELECTION_POINTS) }),
  z.strictObject({
    kind: z.literal('brush'),
    radius: z.number().finite().min(1).max(MAX_BRUSH_RADIUS),
    strokes: z
      .array(z.array(point).min(1).max(MAX_SELECTION_POINTS))
      .min(1)
      .max(MAX_BRUSH_STROKES)
      .refine((strokes) => strokes.reduce((n, s) => n + s.length, 0) <= MAX_SELECTION_POINTS, {
        params: because('brushPoints', { limit: MAX_SELECTION_POINTS }),
      }),
  }),
]);
export type RegionSelection = z.infer<typeof regionSelectionSchema>;
export type SelectionKind = RegionSelection['kind'];

/** A whole-pixel box: x, y of its top-left pixel, its width and height. */
export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The smallest whole-pixel box holding the selection (a brush's strokes widened by its radius), unclipped. */
export function selectionBox(selection: RegionSelection): PixelBox {
  if (selection.kind === 'rect') return { x: selection.x, y: selection.y, w: selection.w, h: selection.h };
  const points = selection.kind === 'lasso' ? selection.points : selection.strokes.flat();
  const pad = selection.kind === 'brush' ? selection.radius : 0;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    x0 = Math.min(x0, x - pad);
    y0 = Math.min(y0, y - pad);
    x1 = Math.max(x1, x + pad);
    y1 = Math.max(y1, y + pad);
  }
  const left = Math.floor(x0);
  const top = Math.floor(y0);
  return { x: left, y: top, w: Math.max(1, Math.ceil(x1) - left), h: Math.max(1, Math.ceil(y1) - top) };
}

/** The part of a box on a picture of this size; null when none of it is. */
export function clipBox(box: PixelBox, width: number, height: number): PixelBox | null {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const right = Math.min(width, box.x + box.w);
  const bottom = Math.min(height, box.y + box.h);
  return right > x && bottom > y ? { x, y, w: right - x, h: bottom - y } : null;
}

/**
 * Why this selection cannot be used on a picture of this size, as a sentence; null when it can. A rectangle
 * (typed or given on the command line) must lie on the picture; a drawn lasso or brush may stray past the
 * edge (the part on the picture counts) but must touch it.
 */
export function checkSelection(selection: RegionSelection, width: number, height: number): string | null {
  if (selection.kind === 'rect') {
    const { x, y, w, h } = selection;
    if (x + w > width || y + h > height)
      return `The region ${x},${y} ${w}×${h} goes past the picture, which is ${width}×${height} pixels.`;
    return null;
  }
  if (!clipBox(selectionBox(selection), width, height))
    return `The selection lies outside the picture, which is ${width}×${height} pixels.`;
  return null;
}

/** "x,y,w,h" from the command line or a typed field: four whole numbers, the size at least 1. */
export function parseRegionText(text: string): RegionSelection | string {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,6}$/.test(p)))
    return `A region is four whole numbers x,y,w,h (e.g. 10,20,300,200); got "${text.slice(0, 60)}".`;
  const [x, y, w, h] = parts.map(Number) as [number, number, number, number];
  const parsed = regionSelectionSchema.safeParse({ kind: 'rect', x, y, w, h });
  if (!parsed.success) return `A region's width and height are at least 1; got "${text.slice(0, 60)}".`;
  return parsed.data;
}

/** Takes of one region at one press: enough to choose from, few enough that a slip costs little. */
export const MAX_REGION_TAKES = 8;

/** How a region edit's picture went to the model: its crop with a margin, or the whole picture marked. */
export const REGION_SENDS = ['crop', 'marked'] as const;
export type RegionSends = (typeof REGION_SENDS)[number];

/** What a region edit's result keeps in its settings (the PNG's chunk), so "Edit again" restores it. */
export const regionEditSettingsSchema = z.strictObject({
  selection: regionSelectionSchema,
  /** The change as the person typed it (the prompt sent may carry words about the marking). */
  instruction: z.string().max(4000),
  sends: z.enum(REGION_SENDS),
  /** The picture that was edited: its hash (the result is composited onto exactly these pixels). */
  originalSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The library item it was, when it was one (a Create reference picture may be none). */
  originalItemId: z.string().max(200).nullable(),
});
export type RegionEditSettings = z.infer<typeof regionEditSettingsSchema>;

/**
 * What "Edit again" reads of a take: its settings, the model id it was made with (the library item's, so the
 * editor offers the same model while it is still one that can edit) and whether the original is still there to
 * edit (a library item, or a dropped picture's file kept by its hash).
 */
export const regionTakeSchema = regionEditSettingsSchema.extend({
  model: z.string().max(200),
  originalKept: z.boolean(),
});
export type RegionTake = z.infer<typeof regionTakeSchema>;
