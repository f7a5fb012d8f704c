import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../electron/core/media';
import { flac, mp4, oggOpus, oggVorbis, png, tempDir, wav, writeBytes } from '../library/library-fixtures';

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

  it('reads MP4 duration from mvhd behind mdat, versions 0 and 1, and the picture size from the video tkhd', async () => {
    expect(await probe('v0.mp4', mp4(600, 3000), 'video/mp4')).toEqual({
      width: 1280,
      height: 720,
      durationSeconds: 5,
    });
    expect((await probe('v1.mp4', mp4(90000, 900000, 1), 'video/mp4')).durationSeconds).toBe(10);
  });

  it('reads FLAC duration from STREAMINFO', async () => {
    expect((await probe('a.flac', flac(44100, 441000), 'audio/flac')).durationSeconds).toBe(10);
  });

  it('reads Ogg Opus (48 kHz, minus pre-skip) and Ogg Vorbis durations from the last page', async () => {
    expect((await probe('a.opus', oggOpus(312, 312 + 96_000), 'audio/ogg')).durationSeconds).toBe(2);
    expect((await probe('a.ogg', oggVorbis(44_100, 44_100 * 3), 'audio/ogg')).durationSeconds).toBe(3);
  });

  it('reads MP3 duration from the Info frame count, and from size over bitrate for plain CBR', async () => {
    // MPEG-1 Layer III, 128 kb/s, 44.1 kHz, stereo: FF FB 90 00.
    const header = Buffer.from([0xff, 0xfb, 0x90, 0x00]);
    const info = Buffer.alloc(417);
    header.copy(info, 0);
    info.write('Info', 4 + 32, 'latin1');
    info.writeUInt32BE(1, 4 + 32 + 4); // frames field present
    info.writeUInt32BE(383, 4 + 32 + 8); // 383 frames of 1152 samples
    const id3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a', 'latin1'), Buffer.alloc(10)]);
    expect((await probe('info.mp3', Buffer.concat([id3, info]), 'audio/mpeg')).durationSeconds).toBeCloseTo(
      (383 * 1152) / 44_100,
      6,
    );
    // Without a tag: 16,000 bytes at 128 kb/s is one second.
    const cbr = Buffer.alloc(16_000);
    header.copy(cbr, 0);
    expect((await probe('cbr.mp3', cbr, 'audio/mpeg')).durationSeconds).toBeCloseTo(1, 6);
  });

  it('gives nulls, not an error, for damaged or unknown files', async () => {
    const none = { width: null, height: null, durationSeconds: null };
    expect(await probe('bad.png', Buffer.from('not a png'), 'image/png')).toEqual(none);
    expect(await probe('bad.wav', Buffer.from('RIFF'), 'audio/wav')).toEqual(none);
    expect(await probe('bad.mp4', Buffer.alloc(64), 'video/mp4')).toEqual(none);
    expect(await probe('a.mp3', Buffer.alloc(64), 'audio/mpeg')).toEqual(none);
    expect(await probe('a.aac', Buffer.alloc(64), 'audio/aac')).toEqual(none);
    expect(await probe('bad.ogg', Buffer.from('OggS but nothing else'), 'audio/ogg')).toEqual(none);
  });
});
