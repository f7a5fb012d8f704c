// A selection as pixels: which pixels of the picture it holds (the hard mask: a pixel is in when the shape
// covers at least half of it) and how much of the edit each one takes (the feathered alpha). The alpha is 0 on
// every pixel outside the selection, so compositing can never touch one; inside it rises from the edge to 255
// over a few pixels, so the edit blends into what surrounds it instead of showing a seam.
import sharp from 'sharp';
import type { PixelBox, RegionSelection } from '../../../shared/studio/region-selection';
import { clipBox, selectionBox } from '../../../shared/studio/region-selection';

/** One channel, 0..255, over `box` of the picture (row-major, box.w × box.h). */
export interface RegionMask {
  box: PixelBox;
  /** 255 inside the selection, 0 outside. */
  hard: Uint8Array;
  /** The share of the edit each pixel takes: 0 wherever hard is 0. */
  alpha: Uint8Array;
}

/** The feather's spread: a few pixels, less for a small or thin selection so its middle still changes. */
export function featherSigma(selection: RegionSelection): number {
  const box = selectionBox(selection);
  const thinnest = selection.kind === 'brush' ? selection.radius * 2 : Math.min(box.w, box.h);
  return Math.min(4, Math.max(0.5, thinnest / 16));
}

const num = (n: number): string => String(Math.round(n * 100) / 100);

/** The selection as SVG shapes in picture coordinates, filled (or stroked, for a brush) white. */
export function selectionSvgShapes(selection: RegionSelection): string {
  switch (selection.kind) {
    case 'rect':
      return `<rect x="${selection.x}" y="${selection.y}" width="${selection.w}" height="${selection.h}" fill="#fff"/>`;
    case 'lasso':
      return `<polygon fill="#fff" points="${selection.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}"/>`;
    case 'brush': {
      const width = num(selection.radius * 2);
      return selection.strokes
        .map((stroke) =>
          stroke.length === 1
            ? `<circle cx="${num(stroke[0]?.[0] ?? 0)}" cy="${num(stroke[0]?.[1] ?? 0)}" r="${num(selection.radius)}" fill="#fff"/>`
            : `<polyline fill="none" stroke="#fff" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" points="${stroke
                .map(([x, y]) => `${num(x)},${num(y)}`)
                .join(' ')}"/>`,
        )
        .join('');
    }
  }
}

/** The shapes rendered over `box` of the picture: one channel, the coverage of each pixel (0..255). */
async function coverage(selection: RegionSelection, box: PixelBox): Promise<Uint8Array> {
  if (selection.kind === 'rect') {
    // Whole-pixel edges: no rendering needed, and none of a renderer's edge rounding.
    const out = new Uint8Array(box.w * box.h);
    for (let y = 0; y < box.h; y++)
      for (let x = 0; x < box.w; x++) {
        const px = box.x + x;
        const py = box.y + y;
        const inside =
          px >= selection.x &&
          px < selection.x + selection.w &&
          py >= selection.y &&
          py < selection.y + selection.h;
        if (inside) out[y * box.w + x] = 255;
      }
    return out;
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${box.w}" height="${box.h}" ` +
    `viewBox="${box.x} ${box.y} ${box.w} ${box.h}">${selectionSvgShapes(selection)}</svg>`;
  const { data } = await sharp(Buffer.from(svg))
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, box.w * box.h);
}

/**
 * The selection's masks over its box on a picture of this size (widened by the feather's reach, clipped to the
 * picture). Null when no pixel of the picture is in it.
 */
export async function regionMask(
  selection: RegionSelection,
  width: number,
  height: number,
): Promise<RegionMask | null> {
  const sigma = featherSigma(selection);
  const reach = Math.ceil(sigma * 3) + 1;
  const bounds = selectionBox(selection);
  const box = clipBox(
    { x: bounds.x - reach, y: bounds.y - reach, w: bounds.w + 2 * reach, h: bounds.h + 2 * reach },
    width,
    height,
  );
  if (!box) return null;
  const covered = await coverage(selection, box);
  const hard = new Uint8Array(covered.length);
  let any = false;
  for (let i = 0; i < covered.length; i++)
    if ((covered[i] ?? 0) >= 128) {
      hard[i] = 255;
      any = true;
    }
  if (!any) return null;
  // The blur sees zeros past the picture's edge as well as past the selection's: a selection that reaches the
  // border is feathered there too, which leaves a few original pixels at the border inside it, never outside.
  const blurred = gaussianBlur(hard, box.w, box.h, sigma);
  const alpha = new Uint8Array(hard.length);
  for (let i = 0; i < hard.length; i++) {
    if (hard[i] === 0) continue;
    // At the edge the blur is about half: map half..full onto 0..255, so the ramp lies inside the selection.
    const b = blurred[i] ?? 0;
    alpha[i] = Math.max(0, Math.min(255, Math.round((b - 127.5) * 2)));
  }
  return { box, hard, alpha };
}

/**
 * A separable Gaussian blur of one channel, zeros past every edge. Written out rather than asked of sharp:
 * the mask's arithmetic must be exact and the same on every platform, and it is a box of the picture at most.
 */
export function gaussianBlur(values: Uint8Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.ceil(sigma * 3);
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let k = -radius; k <= radius; k++) {
    const w = Math.exp(-(k * k) / (2 * sigma * sigma));
    kernel[k + radius] = w;
    sum += w;
  }
  for (let k = 0; k < kernel.length; k++) kernel[k] = (kernel[k] ?? 0) / sum;
  const across = new Float32Array(values.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = x + k;
        if (xx >= 0 && xx < width) acc += (values[y * width + xx] ?? 0) * (kernel[k + radius] ?? 0);
      }
      across[y * width + x] = acc;
    }
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = y + k;
        if (yy >= 0 && yy < height) acc += (across[yy * width + x] ?? 0) * (kernel[k + radius] ?? 0);
      }
      out[y * width + x] = acc;
    }
  return out;
}
