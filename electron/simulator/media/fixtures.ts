// Small real media files made once with ffmpeg/espeak-ng and committed, so CI needs no encoder at runtime.
// A bundler that moves this module can pass fixturesDir to startSimulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_NAMES = [
  'music.mp3',
  'video.mp4',
  'speech.opus',
  'speech.aac',
  'speech.flac',
  'speech.pcm',
] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

export const DEFAULT_FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

export class Fixtures {
  private readonly cache = new Map<FixtureName, Buffer>();

  constructor(private readonly dir: string = DEFAULT_FIXTURES_DIR) {}

  get(name: FixtureName): Buffer {
    let bytes = this.cache.get(name);
    if (!bytes) {
      bytes = readFileSync(join(this.dir, name));
      this.cache.set(name, bytes);
    }
    return bytes;
  }

  /** Fails at start-up rather than on the first download when the folder is missing. */
  checkAll(): void {
    for (const name of FIXTURE_NAMES) this.get(name);
  }
}

/** speech.pcm is 24 kHz, 16-bit little-endian, mono: the usual raw format of speech APIs. */
export const PCM_SAMPLE_RATE = 24_000;

/** Wraps raw PCM in a canonical 44-byte RIFF/WAVE header. */
export function wavFromPcm(pcm: Buffer, sampleRate = PCM_SAMPLE_RATE, channels = 1): Buffer {
  const header = Buffer.alloc(44);
  const byteRate = sampleRate * channels * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(byteRate, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
