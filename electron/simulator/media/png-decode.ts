// Reading the PNG a studio sends for an edit, without a native dependency (the simulator's room allows Node and
// zod only): 8-bit greyscale, RGB, palette, grey+alpha and RGBA, not interlaced, which is what sharp and
// browsers write. Anything else is answered null, and the demo gateway paints its own picture instead.
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The demo never decodes more than this (a sent picture is at most 2048 a side; this leaves room). */
const MAX_SIDE = 8192;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface RgbPicture {
  width: number;
  height: number;
  /** RGB, row-major, 3 bytes a pixel. */
  rgb: Buffer;
}

/** The size a PNG says it is, read from its header alone; null for anything that is not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
  return { width, height };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The PNG's pixels as RGB (alpha dropped over black), or null when it is not one this reader takes. */
export function decodePng(bytes: Buffer): RgbPicture | null {
  const size = pngSize(bytes);
  if (!size) return null;
  const { width, height } = size;
  let at = 8;
  let depth = 0;
  let colour = -1;
  let interlace = 0;
  let palette: Buffer | null = null;
  const idat: Buffer[] = [];
  try {
    while (at + 8 <= bytes.length) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.toString('latin1', at + 4, at + 8);
      const data = bytes.subarray(at + 8, at + 8 + length);
      if (data.length !== length) return null;
      if (type === 'IHDR') {
        depth = data[8] ?? 0;
        colour = data[9] ?? -1;
        interlace = data[12] ?? 0;
      } else if (type === 'PLTE') palette = Buffer.from(data);
      else if (type === 'IDAT') idat.push(data);
      else if (type === 'IEND') break;
      at += 12 + length;
    }
    const channels = CHANNELS[colour];
    if (depth !== 8 || interlace !== 0 || channels === undefined || (colour === 3 && !palette)) return null;
    const raw = inflateSync(Buffer.concat(idat));
    const stride = width * channels;
    if (raw.length < (stride + 1) * height) return null;
    const rows = Buffer.alloc(stride * height);
    for (let y = 0; y < height; y++) {
      const filter = raw[y * (stride + 1)] ?? 0;
      for (let x = 0; x < stride; x++) {
        const value = raw[y * (stride + 1) + 1 + x] ?? 0;
        const left = x >= channels ? (rows[y * stride + x - channels] ?? 0) : 0;
        const up = y > 0 ? (rows[(y - 1) * stride + x] ?? 0) : 0;
        const corner = x >= channels && y > 0 ? (rows[(y - 1) * stride + x - channels] ?? 0) : 0;
        const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, corner)][filter];
        if (predicted === undefined) return null;
        rows[y * stride + x] = (value + predicted) & 0xff;
      }
    }
    const rgb = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i++) {
      const p = i * channels;
      let pixel: [number, number, number];
      if (colour === 3) {
        const index = (rows[p] ?? 0) * 3;
        pixel = [palette?.[index] ?? 0, palette?.[index + 1] ?? 0, palette?.[index + 2] ?? 0];
      } else if (colour === 0 || colour === 4) pixel = [rows[p] ?? 0, rows[p] ?? 0, rows[p] ?? 0];
      else pixel = [rows[p] ?? 0, rows[p + 1] ?? 0, rows[p + 2] ?? 0];
      const alpha = colour === 4 ? (rows[p + 1] ?? 255) : colour === 6 ? (rows[p + 3] ?? 255) : 255;
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.round(((pixel[c] ?? 0) * alpha) / 255);
    }
    return { width, height, rgb };
  } catch {
    return null;
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGB picture as a truecolour PNG, every row its own (no banding: an edit has detail in every row). */
export function encodeRgbPng(picture: RgbPicture): Buffer {
  const { width, height, rgb } = picture;
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rgb.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
