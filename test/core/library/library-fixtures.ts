// Real files and records for the library tests: images are encoded by sharp, WAV/MP4/FLAC headers are
// written byte by byte so the probe is checked against the container formats, not against itself.
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { LibraryItem, TaskRecord } from '../../../shared/studio/records';
import { afterEach, beforeEach } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library, type LibraryOptions } from '../../../electron/core/library';
import type { TrashPort } from '../../../electron/core/library/trash-port';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import type { FileSettings } from '../../../shared/studio/file-settings';

export async function tempDir(prefix = 'library-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function writeBytes(path: string, bytes: Buffer): Promise<{ size: number; sha256: string }> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export function png(width: number, height: number, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export function wav(seconds: number, sampleRate = 8000, channels = 1, bitsPerSample = 16): Buffer {
  const blockAlign = channels * (bitsPerSample / 8);
  const dataSize = Math.round(seconds * sampleRate) * blockAlign;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataSize, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataSize, 40);
  return Buffer.concat([header, Buffer.alloc(dataSize)]);
}

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** ftyp, a large mdat, then moov/mvhd at the end, as many encoders write it. */
export function mp4(timescale: number, duration: number, version: 0 | 1 = 0): Buffer {
  let mvhd: Buffer;
  if (version === 0) {
    mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(timescale, 12);
    mvhd.writeUInt32BE(duration, 16);
  } else {
    mvhd = Buffer.alloc(112);
    mvhd[0] = 1;
    mvhd.writeUInt32BE(timescale, 20);
    mvhd.writeBigUInt64BE(BigInt(duration), 24);
  }
  const ftyp = box('ftyp', Buffer.from('isom\0\0\0\x01isomavc1', 'latin1'));
  const mdat = box('mdat', Buffer.alloc(4096, 7));
  // An audio track (no picture size) first, then a 1280x720 video track: tkhd v0, size as 16.16 at the end.
  const tkhd = (width: number, height: number) => {
    const body = Buffer.alloc(84);
    body.writeUInt32BE(width * 65536, 76);
    body.writeUInt32BE(height * 65536, 80);
    return box('trak', box('tkhd', body));
  };
  const moov = box('moov', Buffer.concat([box('mvhd', mvhd), tkhd(0, 0), tkhd(1280, 720)]));
  return Buffer.concat([ftyp, mdat, moov]);
}

export function flac(sampleRate: number, totalSamples: number): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  // sample rate (20 bits) | channels-1 (3 bits) | bps-1 (5 bits) | total samples (36 bits)
  info[10] = (sampleRate >> 12) & 0xff;
  info[11] = (sampleRate >> 4) & 0xff;
  info[12] = ((sampleRate & 0x0f) << 4) | (1 << 1) | 0; // 2 channels, bps high bit 0
  info[13] = (15 << 4) | Math.floor(totalSamples / 2 ** 32); // bps low bits, samples high nibble
  info.writeUInt32BE(totalSamples % 2 ** 32, 14);
  const blockHeader = Buffer.from([0x80, 0, 0, 34]);
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), blockHeader, info]);
}

export function task(overrides: Partial<TaskRecord> = {}): TaskRecord {
  return {
    id: randomUUID(),
    remoteId: `remote-${randomUUID()}`,
    family: 'image.i3',
    model: 'image_model_id_i3',
    kind: 'image',
    endpoint: 'tasks',
    params: { prompt: 'a lighthouse at dusk', size: '1:1', resolution: '1K' },
    state: 'completed',
    progress: 100,
    error: null,
    cost: 0.04,
    creditsCost: 0.4,
    estimatedTime: 10,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_010_000,
    completedAt: 1_700_000_010_000,
    parentTaskId: null,
    downloads: { total: 1, done: 1, failed: 0, expired: 0, missing: [], deleted: 0 },
    reconciliation: null,
    ...overrides,
  };
}

export function resultFile(overrides: Partial<ResultFile> = {}): ResultFile {
  return {
    kind: 'image',
    url: `http://127.0.0.1:9/files/${randomUUID()}.png`,
    expiresAt: 1_700_086_400,
    index: 0,
    title: null,
    durationSeconds: null,
    ...overrides,
  };
}

/**
 * Bytes written to a new path of the library and filed as a download of `source` (a finished I3 picture by
 * default), as the engine files a result: the item the library made of them.
 */
export async function fileBytes(
  library: Library,
  bytes: Buffer,
  options: { source?: TaskRecord; file?: Partial<ResultFile>; mime?: string; name?: string } = {},
): Promise<LibraryItem> {
  const path = await library.allocatePath(options.name ?? `${randomUUID()}.png`);
  const { size, sha256 } = await writeBytes(path, bytes);
  return library.fileDownload({
    task: options.source ?? task(),
    file: resultFile(options.file),
    path,
    size,
    sha256,
    mime: options.mime ?? 'image/png',
  });
}

/** Narrows a value the test knows is there; a missing one fails the test with its name. */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

function oggPage(granule: bigint, packet: Buffer, sequence: number): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(0x1234, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt8(1, 26); // one lacing value: packets here are under 255 bytes
  return Buffer.concat([header, Buffer.from([packet.length]), packet]);
}

/** An Ogg Opus stream: OpusHead with a pre-skip, then a last page at the given 48 kHz granule position. */
export function oggOpus(preSkip: number, finalGranule: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(24000, 12);
  return Buffer.concat([
    oggPage(0n, head, 0),
    oggPage(0n, Buffer.alloc(40, 1), 1),
    oggPage(BigInt(finalGranule), Buffer.alloc(40, 2), 2),
  ]);
}

/** An Ogg Vorbis stream: the identification header's sample rate, then a last page at that granule. */
export function oggVorbis(sampleRate: number, finalGranule: number): Buffer {
  const id = Buffer.alloc(30);
  id.writeUInt8(1, 0);
  id.write('vorbis', 1, 'latin1');
  id.writeUInt8(2, 11);
  id.writeUInt32LE(sampleRate, 12);
  return Buffer.concat([oggPage(0n, id, 0), oggPage(BigInt(finalGranule), Buffer.alloc(40, 2), 1)]);
}

/** A speech take of `seconds` of WAV filed as the speech service files one, its text as the prompt. */
export async function speechTake(library: Library, input: string, seconds = 1): Promise<LibraryItem> {
  const path = await library.allocatePath(`speech-${randomUUID()}.wav`);
  const { size, sha256 } = await writeBytes(path, wav(seconds, 24000));
  return library.addSpeech({
    path,
    size,
    sha256,
    mime: 'audio/wav',
    model: 'speech_model_id',
    input,
    params: { voice: 'alloy', response_format: 'wav' },
  });
}

/** A library in `dir`/media whose time is the test's clock: a deletion waits out its undo window on that clock. */
export function libraryOnClock(on: ClockedRoom, options: Partial<LibraryOptions> = {}): Library {
  return new Library({
    db: on.db,
    dir: join(on.dir, 'media'),
    now: () => on.clock.now(),
    timers: on.clock,
    ...options,
  });
}

/** The OS trash as a test sees it: each file handed over is told to `keep` (read, named …), then removed. */
export function recordingTrash(keep: (path: string) => Promise<void> | void): TrashPort {
  return {
    kind: 'os',
    async discard(path) {
      await keep(path);
      await rm(path);
    },
  };
}

/** The settings the app writes into a picture it filed: an I3 of `prompt`, made from nothing. */
export const pictureSettings = (prompt: string): FileSettings => ({
  app: 'gateway-studio',
  version: 1,
  family: 'image.i3',
  model: 'image_model_id_i3',
  params: { prompt },
  prompt,
  taskId: null,
  madeFrom: [],
});

/** Writes a file at `path` no item indexes, older than the quiet minute a neighbour may still be filing in. */
export async function writeStray(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  const old = new Date(Date.now() - 120_000);
  await utimes(path, old, old);
}

/** What a test of deletions works in: a folder, its studio database, and the test's own clock. */
export interface ClockedRoom {
  readonly dir: string;
  readonly db: DatabaseSync;
  readonly clock: ManualClock;
}

/**
 * Opens a fresh room before each test (the clock at 2026-11-02 12:00 UTC) and closes and removes it after; the
 * returned view reads the current test's room.
 */
export function useClockedRoom(prefix: string): ClockedRoom {
  let room: (ClockedRoom & { cleanup: () => Promise<void> }) | null = null;
  beforeEach(async () => {
    const { dir, cleanup } = await tempDir(prefix);
    const db = openStudioDatabase(join(dir, 'studio.db'));
    room = { dir, db, cleanup, clock: new ManualClock(Date.UTC(2026, 10, 2, 12)) };
  });
  afterEach(async () => {
    room?.db.close();
    await room?.cleanup();
    room = null;
  });
  const current = (): ClockedRoom => {
    if (!room) throw new Error('the room exists only inside a test');
    return room;
  };
  return {
    get dir() {
      return current().dir;
    },
    get db() {
      return current().db;
    },
    get clock() {
      return current().clock;
    },
  };
}

/** The undo window the deletion tests give their libraries: long enough to act within, short on a manual clock. */
export const UNDO_WINDOW_MS = 15_000;

let colour = 0;
/** A 64×48 picture in a colour of its own, so no two share bytes unless a test means them to. */
export function distinctPng(): Promise<Buffer> {
  const hex = ((colour++ * 37 + 16) % 256).toString(16).padStart(2, '0');
  return png(64, 48, `#${hex}3366`);
}

/**
 * Where a move or a switch of library starts: a folder with the studio database in its data folder, and the
 * paths of two library folders beside it (not made yet). close() closes the database and removes it all.
 */
export async function openLibraryPair(prefix: string): Promise<{
  root: string;
  db: DatabaseSync;
  first: string;
  second: string;
  close: () => Promise<void>;
}> {
  const { dir: root, cleanup } = await tempDir(prefix);
  const db = openStudioDatabase(join(root, 'data', 'studio.db'));
  const close = async () => {
    db.close();
    await cleanup();
  };
  return { root, db, first: join(root, 'old-library'), second: join(root, 'new-library'), close };
}
