// The viewer's zoom arithmetic: fitting never enlarges, the wheel zooms about the pointer, scales are clamped,
// and a fitted picture does not pan.
import { describe, expect, it } from 'vitest';
import {
  actualSize,
  FIT,
  fitScale,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  zoomBy,
} from '../../../renderer/features/library/viewer/zoom';

describe('viewer zoom', () => {
  it('fits the whole picture in the stage and never blows a small one up', () => {
    expect(fitScale({ width: 2000, height: 1000 }, { width: 1000, height: 800 })).toBe(0.5);
    expect(fitScale({ width: 1000, height: 2000 }, { width: 1000, height: 800 })).toBe(0.4);
    expect(fitScale({ width: 200, height: 100 }, { width: 1000, height: 800 })).toBe(1);
    // Before the picture or the stage is measured: 1, not NaN or Infinity.
    expect(fitScale({ width: 0, height: 0 }, { width: 1000, height: 800 })).toBe(1);
  });

  it('keeps the image point under the pointer in place while zooming', () => {
    const start = { scale: 1, x: 20, y: -10 };
    const at = { x: 120, y: 40 };
    const next = zoomBy(start, 0.5, 2, at);
    expect(next.scale).toBe(2);
    // The image point under the pointer, (at - offset) / scale, is the same before and after.
    expect((at.x - next.x) / 2).toBeCloseTo((at.x - start.x) / 1);
    expect((at.y - next.y) / 2).toBeCloseTo((at.y - start.y) / 1);
  });

  it('zooms from the fitted scale when fitted, about the centre by default', () => {
    expect(zoomBy(FIT, 0.4, 1.25)).toEqual({ scale: 0.5, x: 0, y: 0 });
  });

  it('clamps the scale', () => {
    expect(zoomBy({ scale: MAX_SCALE, x: 0, y: 0 }, 1, 4).scale).toBe(MAX_SCALE);
    expect(zoomBy({ scale: MIN_SCALE, x: 0, y: 0 }, 1, 0.1).scale).toBe(MIN_SCALE);
  });

  it('pans a zoomed picture, not a fitted one; 100 % recentres', () => {
    expect(panBy(FIT, 30, 40)).toBe(FIT);
    expect(panBy({ scale: 2, x: 1, y: 2 }, 30, 40)).toEqual({ scale: 2, x: 31, y: 42 });
    expect(actualSize()).toEqual({ scale: 1, x: 0, y: 0 });
  });
});
