// [EP-SPEECH-1] raw PCM has no header: the player wraps it as WAV in the gateway's default sample format.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEECH_PCM_FORMAT, wavFromPcm } from '../../shared/catalog';
import { wavFromPcm as simulatorWav } from '../../electron/simulator/media/fixtures';

describe('[EP-SPEECH-1] wavFromPcm', () => {
  it('writes a RIFF/WAVE header for 24 kHz, 16-bit, mono', () => {
    const wav = wavFromPcm(new Uint8Array([1, 2, 3, 4]));
    const view = new DataView(wav.buffer);
    const text = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 4);
    expect(view.getUint16(20, true)).toBe(1); // integer PCM
    expect(view.getUint16(22, true)).toBe(SPEECH_PCM_FORMAT.channels);
    expect(view.getUint32(24, true)).toBe(24_000);
    expect(view.getUint32(28, true)).toBe(48_000); // bytes per second
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(4);
    expect([...wav.subarray(44)]).toEqual([1, 2, 3, 4]);
  });

  it('drops a trailing half sample, which would make the data chunk invalid', () => {
    const wav = wavFromPcm(new Uint8Array([1, 2, 3]));
    expect(new DataView(wav.buffer).getUint32(40, true)).toBe(2);
    expect(wav.length).toBe(46);
  });

  it('wraps the simulator’s PCM clip into the very bytes the simulator serves as wav (two readings agree)', () => {
    const pcm = readFileSync(join(import.meta.dirname, '../../electron/simulator/fixtures/speech.pcm'));
    expect(Buffer.from(wavFromPcm(pcm)).equals(simulatorWav(pcm))).toBe(true);
  });
});
