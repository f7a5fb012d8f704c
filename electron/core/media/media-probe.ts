// Reads what can be known about a media file without decoding it: image dimensions through sharp, and
// durations from container headers we parse ourselves (WAV fmt/data chunks, the MP4 mvhd and tkhd boxes, FLAC
// STREAMINFO, the last Ogg page's granule position for Opus and Vorbis). Only headers and the file's tail
// are read, never the whole file, so a 1 GiB video costs a few small reads. MP3 uses the Xing/Info or VBRI
// frame count, or size over bitrate for plain CBR. Formats without a cheap duration (AAC/ADTS, raw PCM)
// report null.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import sharp from 'sharp';

export interface MediaFacts {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

const NONE: MediaFacts = { width: null, height: null, durationSeconds: null };

export async function probeMedia(path: string, mime: string): Promise<MediaFacts> {
  try {
    if (mime.startsWith('image/')) {
      const meta = await sharp(path).metadata();
      return { width: meta.width ?? null, height: meta.height ?? null, durationSeconds: null };
    }
    const handle = await open(path, 'r');
    try {
      if (mime === 'audio/wav' || mime === 'audio/x-wav' || mime === 'audio/wave') {
        return { ...NONE, durationSeconds: await wavDuration(handle) };
      }
      if (mime === 'video/mp4' || mime === 'audio/mp4' || mime === 'video/quicktime') {
        return await mp4Facts(handle);
      }
      if (mime === 'audio/flac' || mime === 'audio/x-flac') {
        return { ...NONE, durationSeconds: await flacDuration(handle) };
      }
      if (mime === 'audio/mpeg' || mime === 'audio/mp3') {
        return { ...NONE, durationSeconds: await mp3Duration(handle) };
      }
      if (mime === 'audio/ogg' || mime === 'audio/opus') {
        return { ...NONE, durationSeconds: await oggDuration(handle) };
      }
    } finally {
      await handle.close();
    }
  } catch {
    // A file we cannot parse is still a valid library item; it just has no known dimensions.
  }
  return NONE;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function wavDuration(handle: FileHandle): Promise<number | null> {
  const { size } = await handle.stat();
  const riff = await readAt(handle, 0, 12);
  if (
    riff.length < 12 ||
    riff.toString('latin1', 0, 4) !== 'RIFF' ||
    riff.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    return null;
  }
  let position = 12;
  let byteRate: number | null = null;
  while (position + 8 <= size) {
    const header = await readAt(handle, position, 8);
    if (header.length < 8) return null;
    const id = header.toString('latin1', 0, 4);
    const chunkSize = header.readUInt32LE(4);
    if (id === 'fmt ') {
      const fmt = await readAt(handle, position + 8, 16);
      if (fmt.length < 16) return null;
      byteRate = fmt.readUInt32LE(8);
    } else if (id === 'data') {
      if (!byteRate) return null;
      // Streamed WAVs often carry 0 or 0xFFFFFFFF as the data size: the rest of the file is the data then.
      const available = size - (position + 8);
      const dataSize = chunkSize === 0 || chunkSize > available ? available : chunkSize;
      return dataSize / byteRate;
    }
    position += 8 + chunkSize + (chunkSize % 2);
  }
  return null;
}

interface Box {
  type: string;
  /** Payload offset and size, header excluded. */
  offset: number;
  size: number;
}

/** Every box directly between start and end, in file order. */
async function boxes(handle: FileHandle, start: number, end: number): Promise<Box[]> {
  const found: Box[] = [];
  let position = start;
  while (position + 8 <= end) {
    const header = await readAt(handle, position, 16);
    if (header.length < 8) break;
    let boxSize = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerSize = 8;
    if (boxSize === 1) {
      if (header.length < 16) break;
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = end - position;
    }
    if (boxSize < headerSize) break;
    found.push({ type, offset: position + headerSize, size: boxSize - headerSize });
    position += boxSize;
  }
  return found;
}

async function findBox(handle: FileHandle, within: Box | { offset: number; size: number }, type: string) {
  return (
    (await boxes(handle, within.offset, within.offset + within.size)).find((b) => b.type === type) ?? null
  );
}

/** Duration from moov/mvhd; the picture size from the first track header (tkhd) that has one. */
async function mp4Facts(handle: FileHandle): Promise<MediaFacts> {
  const { size } = await handle.stat();
  const moov = await findBox(handle, { offset: 0, size }, 'moov');
  if (!moov) return NONE;
  let durationSeconds: number | null = null;
  const mvhd = await findBox(handle, moov, 'mvhd');
  if (mvhd) {
    const body = await readAt(handle, mvhd.offset, 32);
    const v1 = body[0] === 1;
    if (body.length >= (v1 ? 32 : 20)) {
      const timescale = body.readUInt32BE(v1 ? 20 : 12);
      const duration = v1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
      durationSeconds = timescale ? duration / timescale : null;
    }
  }
  let width: number | null = null;
  let height: number | null = null;
  for (const trak of (await boxes(handle, moov.offset, moov.offset + moov.size)).filter(
    (b) => b.type === 'trak',
  )) {
    const tkhd = await findBox(handle, trak, 'tkhd');
    // Width and height close every tkhd version as 16.16 fixed-point numbers; audio tracks carry zeros.
    if (!tkhd || tkhd.size < 84) continue;
    const tail = await readAt(handle, tkhd.offset + tkhd.size - 8, 8);
    if (tail.length < 8) continue;
    const w = Math.round(tail.readUInt32BE(0) / 65536);
    const h = Math.round(tail.readUInt32BE(4) / 65536);
    if (w > 0 && h > 0) {
      width = w;
      height = h;
      break;
    }
  }
  return { width, height, durationSeconds };
}

async function flacDuration(handle: FileHandle): Promise<number | null> {
  const head = await readAt(handle, 0, 42);
  // "fLaC", then a 4-byte block header whose block must be STREAMINFO (type 0) by the format's rule.
  if (head.length < 42 || head.toString('latin1', 0, 4) !== 'fLaC' || (head.readUInt8(4) & 0x7f) !== 0)
    return null;
  const info = head.subarray(8);
  const sampleRate = (info.readUInt8(10) << 12) | (info.readUInt8(11) << 4) | (info.readUInt8(12) >> 4);
  const totalSamples = (info.readUInt8(13) & 0x0f) * 2 ** 32 + info.readUInt32BE(14);
  return sampleRate && totalSamples ? totalSamples / sampleRate : null;
}

/** Ogg pages are at most 65,307 bytes, so the last page header is within this tail. */
const OGG_TAIL = 65_536 + 27;

async function oggDuration(handle: FileHandle): Promise<number | null> {
  const head = await readAt(handle, 0, 80);
  if (head.toString('latin1', 0, 4) !== 'OggS') return null;
  // The first page holds one packet: OpusHead (48 kHz clock, minus pre-skip) or the Vorbis id header.
  const segments = head.readUInt8(26);
  const packet = head.subarray(27 + segments);
  let rate: number;
  let preSkip = 0;
  if (packet.toString('latin1', 0, 8) === 'OpusHead' && packet.length >= 12) {
    rate = 48_000;
    preSkip = packet.readUInt16LE(10);
  } else if (
    packet.readUInt8(0) === 1 &&
    packet.toString('latin1', 1, 7) === 'vorbis' &&
    packet.length >= 16
  ) {
    rate = packet.readUInt32LE(12);
  } else return null;
  const { size } = await handle.stat();
  const start = Math.max(0, size - OGG_TAIL);
  const tail = await readAt(handle, start, size - start);
  const last = tail.lastIndexOf('OggS');
  if (last < 0 || last + 14 > tail.length) return null;
  const granule = Number(tail.readBigInt64LE(last + 6));
  return rate && granule > preSkip ? (granule - preSkip) / rate : null;
}

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES: Record<number, readonly number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG 1
  2: [22_050, 24_000, 16_000], // MPEG 2
  0: [11_025, 12_000, 8_000], // MPEG 2.5
};

async function mp3Duration(handle: FileHandle): Promise<number | null> {
  const { size } = await handle.stat();
  let start = 0;
  const id3 = await readAt(handle, 0, 10);
  if (id3.length === 10 && id3.toString('latin1', 0, 3) === 'ID3') {
    // Syncsafe size (7 bits a byte), plus the header, plus a footer when flagged.
    const tagSize =
      ((id3.readUInt8(6) & 0x7f) << 21) |
      ((id3.readUInt8(7) & 0x7f) << 14) |
      ((id3.readUInt8(8) & 0x7f) << 7) |
      (id3.readUInt8(9) & 0x7f);
    start = 10 + tagSize + (id3.readUInt8(5) & 0x10 ? 10 : 0);
  }
  const window = await readAt(handle, start, 4096);
  let at = -1;
  for (let i = 0; i + 4 <= window.length; i++) {
    if (window[i] === 0xff && (window.readUInt8(i + 1) & 0xe0) === 0xe0) {
      at = i;
      break;
    }
  }
  if (at < 0) return null;
  const b1 = window.readUInt8(at + 1);
  const b2 = window.readUInt8(at + 2);
  const b3 = window.readUInt8(at + 3);
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  if (layer !== 1 || version === 1) return null; // Layer III only; version 1 is reserved
  const rate = MP3_RATES[version]?.[(b2 >> 2) & 3];
  const bitrate = (version === 3 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[b2 >> 4];
  if (!rate || !bitrate) return null;
  const samplesPerFrame = version === 3 ? 1152 : 576;
  const mono = b3 >> 6 === 3;
  const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = window.toString('latin1', xing, xing + 4);
  if ((tag === 'Xing' || tag === 'Info') && window.length >= xing + 12 && window.readUInt32BE(xing + 4) & 1) {
    return (window.readUInt32BE(xing + 8) * samplesPerFrame) / rate;
  }
  if (window.toString('latin1', at + 36, at + 40) === 'VBRI' && window.length >= at + 36 + 18) {
    return (window.readUInt32BE(at + 36 + 14) * samplesPerFrame) / rate;
  }
  // No frame count: constant bitrate is the only reasonable assumption.
  return ((size - start - at) * 8) / (bitrate * 1000);
}
