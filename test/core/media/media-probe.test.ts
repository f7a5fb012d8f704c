import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { embeddedCover } from '../../../electron/core/media/media-probe';
import { probeMedia } from '../../../electron/core/media';
import { flac, mp4, png, tempDir, wav, writeBytes } from '../library/library-fixtures';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'audio');

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

  // Real files made with ffmpeg (a 440 Hz tone), so the parser meets what encoders write:
  //   tone.aac        -f lavfi -i sine=…:sample_rate=16000:duration=2 -c:a aac -b:a 24k -f adts
  //   tone.opus       …:sample_rate=48000:duration=2 -c:a libopus -b:a 12k
  //   tone.ogg        …:sample_rate=22050:duration=3 -c:a libvorbis -q:a 0
  //   tone-cbr.mp3    …:duration=2.5 -c:a libmp3lame -b:a 32k -write_xing 0 (no frame count: frames are counted)
  //   tone-cover.mp3  …:duration=2 with a 32x32 red JPEG as its attached picture (ID3v2.3 APIC)
  it.each([
    ['tone.aac', 'audio/aac', 2],
    ['tone.opus', 'audio/ogg', 2],
    ['tone.ogg', 'audio/ogg', 3],
    ['tone-cbr.mp3', 'audio/mpeg', 2.5],
    ['tone-cover.mp3', 'audio/mpeg', 2],
  ])('reads the duration of %s (%s), AAC/ADTS included', async (name, mime, seconds) => {
    const facts = await probeMedia(join(FIXTURES, name), mime);
    expect(facts.durationSeconds).toBeGreaterThan(seconds - 0.1);
    expect(facts.durationSeconds).toBeLessThan(seconds + 0.15);
  });

  it('gives no duration for headerless PCM, whatever its bytes', async () => {
    expect((await probe('a.pcm', Buffer.alloc(32_000), 'audio/pcm')).durationSeconds).toBeNull();
  });

  it('finds the cover embedded in an MP3, and none where there is none', async () => {
    const cover = await embeddedCover(join(FIXTURES, 'tone-cover.mp3'));
    expect(cover?.mime).toBe('image/jpeg');
    expect((await sharp(cover?.data).metadata()).width).toBe(32);
    expect(await embeddedCover(join(FIXTURES, 'tone-cbr.mp3'))).toBeNull();
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
