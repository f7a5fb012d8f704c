// Compositing a region edit back: every pixel outside the selection is the original's, those well inside are
// the model's, the edge is feathered inside the selection, and a hostile result is refused in words.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RegionSelection } from '../../../shared/studio/region-selection';
import {
  compositeRegion,
  decodePicture,
  RegionResultError,
} from '../../../electron/core/region-edit/region-composite';
import { regionMask } from '../../../electron/core/region-edit/region-mask';
import { cropBox, regionInput } from '../../../electron/core/region-edit/region-input';

const W = 240;
const H = 160;

/** A picture with detail in every pixel, so a moved or blurred pixel shows. */
async function noisyPicture(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 3) * 31) % 251;
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

/** Hash of the RGBA pixels where keep(x, y) holds. */
function maskedHash(data: Buffer, width: number, keep: (x: number, y: number) => boolean): string {
  const hash = createHash('sha256');
  for (let i = 0; i < data.length / 4; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    if (keep(x, y)) hash.update(data.subarray(i * 4, i * 4 + 4));
  }
  return hash.digest('hex');
}

const selections: Record<string, RegionSelection> = {
  rect: { kind: 'rect', x: 40, y: 30, w: 90, h: 70 },
  lasso: {
    kind: 'lasso',
    points: [
      [60, 20],
      [200, 50],
      [150, 140],
      [30, 110],
    ],
  },
  brush: {
    kind: 'brush',
    radius: 14,
    strokes: [
      [
        [30, 40],
        [120, 60],
        [200, 120],
      ],
      [[60, 130]],
    ],
  },
};

describe('compositeRegion', () => {
  for (const [name, selection] of Object.entries(selections)) {
    it(`keeps every pixel outside a ${name} selection and changes the inside`, async () => {
      const original = await decodePicture(await noisyPicture());
      const mask = await regionMask(selection, W, H);
      expect(mask).not.toBeNull();
      if (!mask) return;
      const box = cropBox(selection, W, H);
      if (!box) throw new Error('no crop box');
      // The gateway answers any size and format: a red JPEG of another shape than the crop.
      const result = await sharp({ create: { width: 333, height: 517, channels: 3, background: '#e01010' } })
        .jpeg()
        .toBuffer();
      const out = await decodePicture(await compositeRegion(original, result, box, mask));
      expect([out.width, out.height]).toEqual([W, H]);
      const inside = (x: number, y: number): boolean => {
        const mx = x - mask.box.x;
        const my = y - mask.box.y;
        return (
          mx >= 0 && my >= 0 && mx < mask.box.w && my < mask.box.h && mask.hard[my * mask.box.w + mx] === 255
        );
      };
      const outside = (x: number, y: number) => !inside(x, y);
      expect(maskedHash(out.data, W, outside)).toBe(maskedHash(original.data, W, outside));
      expect(maskedHash(out.data, W, inside)).not.toBe(maskedHash(original.data, W, inside));
      // Fully inside pixels are the model's; the edge ramps up inside the selection (feathered, no seam).
      let full = 0;
      let partial = 0;
      for (let i = 0; i < mask.alpha.length; i++) {
        if (mask.alpha[i] === 255) full++;
        else if ((mask.alpha[i] ?? 0) > 0) partial++;
        if (mask.hard[i] === 0) expect(mask.alpha[i]).toBe(0);
      }
      expect(full).toBeGreaterThan(0);
      expect(partial).toBeGreaterThan(0);
    });
  }

  it('refuses a result that is not a picture, and one too large to decode, in words', async () => {
    const original = await decodePicture(await noisyPicture());
    const selection = selections.rect as RegionSelection;
    const mask = await regionMask(selection, W, H);
    const box = cropBox(selection, W, H);
    if (!mask || !box) throw new Error('no mask');
    await expect(compositeRegion(original, Buffer.from('<html>nope</html>'), box, mask)).rejects.toThrow(
      RegionResultError,
    );
    // A PNG header claiming 20000×20000 pixels: refused from its header, never decoded.
    const huge = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    await expect(compositeRegion(original, huge, box, mask)).rejects.toThrow(
      /20000×20000|could not be|not a picture/,
    );
  });
});

describe('regionInput', () => {
  it('sends the crop with a margin, scaled up to a readable size, and the whole picture outlined when marked', async () => {
    const picture = await noisyPicture();
    const selection = selections.rect as RegionSelection;
    const crop = await regionInput(
      picture,
      { width: W, height: H },
      selection,
      { sends: 'crop', maxSide: 2048, field: 'image_urls', can: '' },
      'stormy',
    );
    expect(crop.box).toEqual({ x: 17, y: 7, w: 136, h: 116 });
    const cropMeta = await sharp(crop.bytes).metadata();
    expect(Math.max(cropMeta.width ?? 0, cropMeta.height ?? 0)).toBe(512);
    expect(crop.prompt).toBe('stormy');
    const marked = await regionInput(
      picture,
      { width: W, height: H },
      selection,
      { sends: 'marked', maxSide: 200, field: 'image_urls', can: '' },
      'stormy',
    );
    expect(marked.box).toEqual({ x: 0, y: 0, w: W, h: H });
    expect((await sharp(marked.bytes).metadata()).width).toBe(200);
    expect(marked.prompt).toMatch(/magenta outline.*stormy$/);
  });
});
