// Real PNG files of any size without a native dependency: rows are painted in 16-row bands and every row
// after a band's first uses the PNG "Up" filter, so the raw stream is mostly zeros and even a 4096x4096
// image deflates in a few milliseconds to a few hundred KB.
import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];
/** Paints one pixel; y is the first row of its 16-row band. */
export type Painter = (x: number, y: number, width: number, height: number) => Rgb;

const BAND = 16;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

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
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += BAND) {
    const offset = y * stride;
    raw[offset] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y, width, height);
      const p = offset + 1 + x * 3;
      raw[p] = r;
      raw[p + 1] = g;
      raw[p + 2] = b;
    }
    for (let row = y + 1; row < Math.min(y + BAND, height); row++) raw[row * stride] = 2;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A diagonal two-colour gradient whose hues come from the seed, so each result image looks different. */
export function gradientPainter(seed: number): Painter {
  const hueA = (seed * 47) % 360;
  const hueB = (hueA + 140) % 360;
  const a = hsl(hueA, 0.65, 0.55);
  const b = hsl(hueB, 0.7, 0.35);
  return (x, y, w, h) => mix(a, b, (x / w + y / h) / 2);
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

/** Reads width and height back from an IHDR chunk (used by the conformance tests and the upscaler). */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null;
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
