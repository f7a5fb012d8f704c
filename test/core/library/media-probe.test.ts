import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../electron/core/library';
import { flac, mp4, oggOpus, oggVorbis, png, tempDir, wav, writeBytes } from './library-fixtures';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir('probe-')));
afterAll(() => cleanup());

async function probe(name: string, bytes: Buffer, mime: string) {
  const path = join(dir, name);
  await writeBytes(path, bytes);
  return probeMedia(path, mime);
}

describe('probeMedia', () => {
  it('reads image dimensions', async () => {
    expect(await probe('a.png', await png(720, 1280), 'image/png')).toEqual({
      width: 720,
      height: 1280,
      durationSeconds: null,
    });
  });

  it('reads WAV duration from fmt and data chunks', async () => {
    expect((await probe('a.wav', wav(3, 16000, 2), 'audio/wav')).durationSeconds).toBeCloseTo(3, 6);
  });

  it('reads a streamed WAV whose data size is unknown (0xFFFFFFFF) from the file size', async () => {
    const bytes = wav(2, 8000);
    bytes.writeUInt32LE(0xffffffff, 40);
    expect((await probe('s.wav', bytes, 'audio/wav')).durationSeconds).toBeCloseTo(2, 6);
  });

  it('reads MP4 duration from mvhd behind mdat, versions 0 and 1', async () => {
    expect((await probe('v0.mp4', mp4(600, 3000), 'video/mp4')).durationSeconds).toBe(5);
    expect((await probe('v1.mp4', mp4(90000, 900000, 1), 'video/mp4')).durationSeconds).toBe(10);
  });

  it('reads FLAC duration from STREAMINFO', async () => {
    expect((await probe('a.flac', flac(44100, 441000), 'audio/flac')).durationSeconds).toBe(10);
  });

  it('reads Ogg Opus (48 kHz, minus pre-skip) and Ogg Vorbis durations from the last page', async () => {
    expect((await probe('a.opus', oggOpus(312, 312 + 96_000), 'audio/ogg')).durationSeconds).toBe(2);
    expect((await probe('a.ogg', oggVorbis(44_100, 44_100 * 3), 'audio/ogg')).durationSeconds).toBe(3);
  });

  it('gives nulls, not an error, for damaged or unknown files', async () => {
    const none = { width: null, height: null, durationSeconds: null };
    expect(await probe('bad.png', Buffer.from('not a png'), 'image/png')).toEqual(none);
    expect(await probe('bad.wav', Buffer.from('RIFF'), 'audio/wav')).toEqual(none);
    expect(await probe('bad.mp4', Buffer.alloc(64), 'video/mp4')).toEqual(none);
    expect(await probe('a.mp3', Buffer.alloc(64), 'audio/mpeg')).toEqual(none);
    expect(await probe('bad.ogg', Buffer.from('OggS but nothing else'), 'audio/ogg')).toEqual(none);
  });
});
