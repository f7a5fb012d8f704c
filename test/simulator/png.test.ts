// The simulator's PNG encoder: checked by decoding with an independent decoder (sharp/libvips).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gradientPainter, gridPainter, renderPng, type Painter } from '../../electron/simulator/media/png';

async function expectPixels(png: Buffer, width: number, height: number, paint: Painter): Promise<void> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect({ width: info.width, height: info.height, channels: info.channels }).toEqual({
    width,
    height,
    channels: 3,
  });
  for (const [x, y] of [
    [0, 0],
    [width - 1, height - 1],
    [Math.floor(width / 2), Math.floor(height / 3)],
    [7, height - 17],
  ] as const) {
    const expected = paint(x, Math.floor(y / 16) * 16, width, height); // rows repeat within 16-row bands
    const i = (y * width + x) * 3;
    expect([data[i], data[i + 1], data[i + 2]], `${x},${y}`).toEqual([...expected]);
  }
}

describe('renderPng', () => {
  it('writes an indexed PNG for a gradient (at most 256 colours) that decodes to the painted pixels', async () => {
    const paint = gradientPainter(11);
    const png = renderPng(333, 177, paint);
    expect(png[25]).toBe(3); // IHDR colour type: palette
    await expectPixels(png, 333, 177, paint);
  });

  it('falls back to truecolour when the painting has more than 256 colours', async () => {
    const paint = gridPainter(4);
    const png = renderPng(640, 480, paint);
    expect(png[25]).toBe(2); // IHDR colour type: RGB
    await expectPixels(png, 640, 480, paint);
  });

  it('refuses impossible sizes', () => {
    expect(() => renderPng(0, 10, gradientPainter(1))).toThrow(RangeError);
    expect(() => renderPng(10.5, 10, gradientPainter(1))).toThrow(RangeError);
  });
});
