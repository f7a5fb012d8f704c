// Small real media files made once with ffmpeg/espeak-ng and committed, so CI needs no encoder at runtime.
// A bundler that moves this module can pass fixturesDir to startSimulator or set GATEWAY_SIM_FIXTURES.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

/** Beside this module in the source tree; a bundle that moved the module will not find them here. */
export const DEFAULT_FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Where fixtures are looked for without an explicit folder: $GATEWAY_SIM_FIXTURES, beside the module, the repo. */
export function fixtureDirCandidates(): string[] {
  const fromEnv = process.env.GATEWAY_SIM_FIXTURES;
  return [
    ...(fromEnv ? [fromEnv] : []),
    DEFAULT_FIXTURES_DIR,
    resolve(process.cwd(), 'electron/simulator/fixtures'),
  ];
}

export class Fixtures {
  private readonly cache = new Map<FixtureName, Buffer>();
  readonly dir: string;

  constructor(explicitDir?: string) {
    // An explicit folder is never second-guessed: a wrong one fails instead of silently falling back.
    const candidates = explicitDir ? [explicitDir] : fixtureDirCandidates();
    const found = candidates.find((dir) => FIXTURE_NAMES.every((name) => existsSync(join(dir, name))));
    if (!found) {
      throw new Error(
        `simulator fixtures not found; looked in ${candidates.join(', ')}. Pass fixturesDir or set GATEWAY_SIM_FIXTURES.`,
      );
    }
    this.dir = found;
  }

  get(name: FixtureName): Buffer {
    let bytes = this.cache.get(name);
    if (!bytes) {
      bytes = readFileSync(join(this.dir, name));
      this.cache.set(name, bytes);
    }
    return bytes;
  }

  /** Fails at start-up rather than on the first download when a file is missing. */
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
