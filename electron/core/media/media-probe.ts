// Reads what can be known about a media file without decoding it: image dimensions through sharp, audio
// durations and embedded covers through music-metadata (WAV, FLAC, MP3, Ogg Opus and Vorbis, AAC/ADTS: a
// well-kept parser knows more formats and their odd corners than one we would write), and a video's duration and
// picture size from the MP4 mvhd and tkhd boxes with the small reader below, which reads only box headers, so a
// 1 GiB video costs a few small reads. Raw PCM has no header and reports no duration.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';

export interface MediaFacts {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

const NONE: MediaFacts = { width: null, height: null, durationSeconds: null };

/** Headerless sample streams: nothing in the bytes says how long they are. */
const RAW_AUDIO = new Set(['audio/pcm', 'audio/l16']);

function audioMetadata(path: string, covers: boolean) {
  // duration: true lets it count frames where the header says nothing (AAC/ADTS, MP3 without a Xing frame).
  return parseFile(path, { duration: true, skipCovers: !covers, skipPostHeaders: true });
}

/** The picture embedded in an audio file (an MP3's APIC frame, a FLAC picture block), if it carries one. */
export async function embeddedCover(path: string): Promise<{ data: Uint8Array; mime: string } | null> {
  try {
    const picture = (await audioMetadata(path, true)).common.picture?.[0];
    return picture ? { data: picture.data, mime: picture.format } : null;
  } catch {
    return null;
  }
}

export async function probeMedia(path: string, mime: string): Promise<MediaFacts> {
  try {
    if (mime.startsWith('image/')) {
      // The size as the picture is seen: a photo with an EXIF orientation that turns it has its sides swapped.
      const { autoOrient } = await sharp(path).metadata();
      return { width: autoOrient.width ?? null, height: autoOrient.height ?? null, durationSeconds: null };
    }
    if (mime === 'video/mp4' || mime === 'audio/mp4' || mime === 'video/quicktime') {
      const handle = await open(path, 'r');
      try {
        return await mp4Facts(handle);
      } finally {
        await handle.close();
      }
    }
    if (mime.startsWith('audio/') && !RAW_AUDIO.has(mime)) {
      return { ...NONE, durationSeconds: (await audioMetadata(path, false)).format.duration ?? null };
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
