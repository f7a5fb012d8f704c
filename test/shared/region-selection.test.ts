// A region from outside (a CLI flag, a typed field, a file's settings) is bounded before it touches a picture.
import { describe, expect, it } from 'vitest';
import {
  checkSelection,
  parseRegionText,
  regionSelectionSchema,
  selectionBox,
} from '../../shared/studio/region-selection';
import { regionEditModels } from '../../shared/catalog';

describe('region selections', () => {
  it('reads x,y,w,h and says what is wrong with anything else', () => {
    expect(parseRegionText('10, 20,300,200')).toEqual({ kind: 'rect', x: 10, y: 20, w: 300, h: 200 });
    for (const bad of [
      '10,20,300',
      '-1,0,5,5',
      '1,2,3,4,5',
      'a,b,c,d',
      '1e3,0,5,5',
      '0,0,0,5',
      '0,0,9999999,5',
    ])
      expect(typeof parseRegionText(bad)).toBe('string');
  });

  it('refuses a rectangle past the picture and a drawing wholly off it', () => {
    expect(checkSelection({ kind: 'rect', x: 10, y: 10, w: 100, h: 50 }, 200, 100)).toBeNull();
    expect(checkSelection({ kind: 'rect', x: 150, y: 10, w: 100, h: 50 }, 200, 100)).toMatch(
      /goes past.*200×100/,
    );
    const off = {
      kind: 'lasso' as const,
      points: [
        [300, 300],
        [400, 300],
        [350, 400],
      ] as [number, number][],
    };
    expect(checkSelection(off, 200, 100)).toMatch(/outside the picture/);
    const partly = {
      kind: 'lasso' as const,
      points: [
        [-50, -50],
        [100, 0],
        [0, 80],
      ] as [number, number][],
    };
    expect(checkSelection(partly, 200, 100)).toBeNull();
  });

  it('bounds points, strokes and numbers', () => {
    const many = Array.from({ length: 4001 }, (_, i) => [i, i]);
    expect(regionSelectionSchema.safeParse({ kind: 'lasso', points: many }).success).toBe(false);
    expect(
      regionSelectionSchema.safeParse({
        kind: 'lasso',
        points: [
          [0, 0],
          [1, 1],
          [Infinity, 2],
        ],
      }).success,
    ).toBe(false);
    expect(regionSelectionSchema.safeParse({ kind: 'brush', radius: 0, strokes: [[[1, 1]]] }).success).toBe(
      false,
    );
    expect(
      selectionBox({
        kind: 'brush',
        radius: 5,
        strokes: [
          [
            [10, 10],
            [20.5, 12],
          ],
        ],
      }),
    ).toEqual({ x: 5, y: 5, w: 21, h: 12 });
  });

  it('offers exactly the families whose entry says how they edit a picture', () => {
    const families = new Set(regionEditModels().map((m) => m.family));
    expect([...families]).toEqual(['image.i1', 'image.i2', 'image.i5', 'image.i6']);
    expect(regionEditModels().find((m) => m.family === 'image.i5')?.support.sends).toBe('marked');
  });
});
