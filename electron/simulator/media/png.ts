// Real PNG files of any size without a native dependency: rows are painted in 16-row bands and every row
// after a band's first uses the PNG "Up" filter, so the raw stream is mostly zeros; with a palette when the
// painting has at most 256 colours, a 4096x4096 image takes tens of milliseconds and about 100 KB.
import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];
/** Paints one pixel; y is the first row of its 16-row band. */
export type Painter = (x: number, y: number, width: number, height: number) => Rgb;

const BAND = 16;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function renderPng(width: number, height: number, paint: Painter): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`bad PNG size ${width}x${height}`);
  }
  // Paint each band's first row once, as packed 0xRRGGBB.
  const bands = Math.ceil(height / BAND);
  const pixels = new Uint32Array(bands * width);
  const palette = new Map<number, number>();
  for (let band = 0; band < bands; band++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, band * BAND, width, height);
      const rgb = (r << 16) | (g << 8) | b;
      pixels[band * width + x] = rgb;
      if (palette.size <= 256 && !palette.has(rgb)) palette.set(rgb, palette.size);
    }
  }
  // Gradients rarely need more than 256 colours: an indexed PNG is a third of the bytes to deflate.
  const indexed = palette.size <= 256;
  const bytesPerPixel = indexed ? 1 : 3;
  const stride = width * bytesPerPixel + 1;
  const raw = Buffer.alloc(stride * height);
  for (let band = 0; band < bands; band++) {
    const offset = band * BAND * stride;
    for (let x = 0; x < width; x++) {
      const rgb = pixels[band * width + x] ?? 0;
      if (indexed) {
        raw[offset + 1 + x] = palette.get(rgb) ?? 0;
      } else {
        const p = offset + 1 + x * 3;
        raw[p] = (rgb >> 16) & 0xff;
        raw[p + 1] = (rgb >> 8) & 0xff;
        raw[p + 2] = rgb & 0xff;
      }
    }
    const last = Math.min((band + 1) * BAND, height);
    for (let row = band * BAND + 1; row < last; row++) raw[row * stride] = 2; // Up: a zero row
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = indexed ? 3 : 2; // palette or truecolour RGB
  const chunks = [SIGNATURE, chunk('IHDR', header)];
  if (indexed) {
    const plte = Buffer.alloc(palette.size * 3);
    for (const [rgb, index] of palette) {
      plte[index * 3] = (rgb >> 16) & 0xff;
      plte[index * 3 + 1] = (rgb >> 8) & 0xff;
      plte[index * 3 + 2] = rgb & 0xff;
    }
    chunks.push(chunk('PLTE', plte));
  }
  chunks.push(chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(chunks);
}

/** A diagonal two-colour gradient whose hues come from the seed, so each result image looks different. */
export function gradientPainter(seed: number): Painter {
  const hueA = (seed * 47) % 360;
  const hueB = (hueA + 140) % 360;
  const a = hsl(hueA, 0.65, 0.55);
  const b = hsl(hueB, 0.7, 0.35);
  // 255 steps keep the image within one PNG palette.
  return (x, y, w, h) => mix(a, b, Math.round(((x / w + y / h) / 2) * 255) / 255);
}

/** A 2x2 grid of four distinct images, as produced by a four-image grid task ([EP-GRID-1]). */
export function gridPainter(seed: number): Painter {
  const quadrants = [0, 1, 2, 3].map((i) => gradientPainter(seed + i * 7));
  return (x, y, w, h) => {
    const index = (x < w / 2 ? 0 : 1) + (y < h / 2 ? 0 : 2);
    const painter = quadrants[index] ?? quadrants[0];
    if (!painter) throw new Error('unreachable');
    return painter(x % Math.ceil(w / 2), y % Math.ceil(h / 2), Math.ceil(w / 2), Math.ceil(h / 2));
  };
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}
