// The speech waveform's levels: the loudest sample of each equal span, scaled to the loudest span, so a quiet
// take still fills its tile and silence stays flat.
import { describe, expect, it } from 'vitest';
import { peaks } from '../../../renderer/features/library/wave-peaks';

describe('peaks', () => {
  it('takes the loudest sample of each span, either sign, scaled so the loudest span is 1', () => {
    const samples = Float32Array.from([0.1, -0.2, 0.05, 0.1, -0.4, 0.2, 0, 0]);
    expect(peaks(samples, 4)).toEqual([0.5, 0.25, 1, 0]);
  });

  it('leaves silence and an empty take flat', () => {
    expect(peaks(new Float32Array(100), 5)).toEqual([0, 0, 0, 0, 0]);
    expect(peaks(new Float32Array(0), 3)).toEqual([0, 0, 0]);
  });

  it('spreads fewer samples than bars without reading past the end', () => {
    expect(peaks(Float32Array.from([0.5, 1]), 4)).toEqual([0, 0.5, 0, 1]);
  });
});
