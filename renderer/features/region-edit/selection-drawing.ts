// The selection tools' arithmetic, apart from the DOM: a drag becomes a rectangle, a lasso or a brush stroke,
// in the picture's own pixels, clamped to the picture; the numeric fields read and write the rectangle. Pure, so
// the component test and the browser test exercise the same rules.
import type { PixelBox, RegionSelection, SelectionKind } from '../../../shared/studio/region-selection';
import { MAX_SELECTION_POINTS, selectionBox } from '../../../shared/studio/region-selection';

export type Point = [number, number];

export interface PictureSize {
  width: number;
  height: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A point in the picture's pixels (rounded to a tenth), from one inside the shown picture's box on screen. */
export function toPicture(
  client: { x: number; y: number },
  shown: { left: number; top: number; width: number; height: number },
  size: PictureSize,
): Point {
  const x = ((client.x - shown.left) / Math.max(1, shown.width)) * size.width;
  const y = ((client.y - shown.top) / Math.max(1, shown.height)) * size.height;
  return [Math.round(clamp(x, 0, size.width) * 10) / 10, Math.round(clamp(y, 0, size.height) * 10) / 10];
}

/** The rectangle a drag from `a` to `b` spans, in whole pixels on the picture; null for one under a pixel. */
export function dragRect(a: Point, b: Point, size: PictureSize): RegionSelection | null {
  const x0 = clamp(Math.floor(Math.min(a[0], b[0])), 0, size.width - 1);
  const y0 = clamp(Math.floor(Math.min(a[1], b[1])), 0, size.height - 1);
  const x1 = clamp(Math.ceil(Math.max(a[0], b[0])), x0 + 1, size.width);
  const y1 = clamp(Math.ceil(Math.max(a[1], b[1])), y0 + 1, size.height);
  if (Math.abs(a[0] - b[0]) < 1 && Math.abs(a[1] - b[1]) < 1) return null;
  return { kind: 'rect', x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A point added to a path only once it is this far (in picture pixels) from the last: a steady hand's outline. */
function far(last: Point | undefined, next: Point, spacing: number): boolean {
  return !last || Math.hypot(next[0] - last[0], next[1] - last[1]) >= spacing;
}

/** The path with the next point, thinned, and capped at the selection's limit. */
export function extendPath(path: readonly Point[], next: Point, size: PictureSize): Point[] {
  const spacing = Math.max(1, Math.max(size.width, size.height) / 400);
  if (path.length >= MAX_SELECTION_POINTS || !far(path[path.length - 1], next, spacing)) return [...path];
  return [...path, next];
}

/** A finished lasso: at least three points, or nothing. */
export function lassoOf(path: readonly Point[]): RegionSelection | null {
  return path.length >= 3 ? { kind: 'lasso', points: [...path] } : null;
}

/** The brush selection with one more stroke (strokes add up until the selection is cleared). */
export function withStroke(
  current: RegionSelection | null,
  stroke: readonly Point[],
  radius: number,
): RegionSelection | null {
  if (stroke.length === 0) return current;
  const strokes = current?.kind === 'brush' ? current.strokes : [];
  const total = strokes.reduce((n, s) => n + s.length, 0);
  if (total + stroke.length > MAX_SELECTION_POINTS) return current;
  return { kind: 'brush', radius, strokes: [...strokes, [...stroke]] };
}

/** What the numeric fields show: the selection's box (a lasso's or brush's bounds), clipped to whole pixels. */
export function fieldsOf(selection: RegionSelection | null): PixelBox | null {
  return selection ? selectionBox(selection) : null;
}

/** The rectangle the numeric fields say, or why not (a sentence key and its values). */
export function rectFromFields(
  fields: Record<'x' | 'y' | 'w' | 'h', string>,
): RegionSelection | { problem: 'whole' } {
  const n = (s: string) => (/^\d{1,6}$/.test(s.trim()) ? Number(s) : NaN);
  const [x, y, w, h] = [n(fields.x), n(fields.y), n(fields.w), n(fields.h)];
  if ([x, y, w, h].some(Number.isNaN) || w < 1 || h < 1) return { problem: 'whole' };
  return { kind: 'rect', x, y, w, h };
}

/** The tools, in the order they are offered. */
export const SELECTION_TOOLS: readonly SelectionKind[] = ['rect', 'lasso', 'brush'];
