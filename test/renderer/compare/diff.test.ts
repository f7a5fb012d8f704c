// Compare: the settings diff under two items, and which view two items get.
import { describe, expect, it } from 'vitest';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { compareMode, settingsDiff, settingText } from '../../../renderer/features/compare/diff';
import { libraryItem } from '../../support/library-item';

const item = (over: Partial<BridgeLibraryItem>): BridgeLibraryItem =>
  libraryItem({ prompt: 'a fox', params: { prompt: 'a fox', size: '1:1', resolution: '1K' }, ...over });

describe('settings diff', () => {
  it('lists family, model, prompt, then every parameter of either item, marking what differs', () => {
    const rows = settingsDiff(
      item({}),
      item({ params: { prompt: 'a fox at dusk', size: '1:1', resolution: '2K', seed: 7 }, prompt: 'x' }),
    );
    expect(rows.map((r) => [r.key, r.same])).toEqual([
      ['family', true],
      ['model', true],
      ['prompt', false],
      ['size', true],
      ['resolution', false],
      ['seed', false],
    ]);
    // The prompt comes from the parameters when present; a setting only one has reads as not set (null).
    expect(rows[2]).toMatchObject({ a: 'a fox', b: 'a fox at dusk' });
    expect(rows[5]).toMatchObject({ a: null, b: '7' });
  });

  it('compares lists and objects by value, whatever the key order', () => {
    const a = item({ params: { image_urls: ['x', 'y'], extra: { b: 1, a: 2 } } });
    const b = item({ params: { image_urls: ['x', 'y'], extra: { a: 2, b: 1 } } });
    expect(settingsDiff(a, b).every((r) => r.same)).toBe(true);
    expect(settingText(['x', 'y'])).toBe('["x","y"]');
    expect(settingText(undefined)).toBeNull();
    const reordered = item({ params: { image_urls: ['y', 'x'] } });
    expect(settingsDiff(a, reordered).find((r) => r.key === 'image_urls')?.same).toBe(false);
  });

  it('speech falls back to its indexed text as the prompt', () => {
    const speech = item({ kind: 'speech', family: 'speech', params: { voice: 'alloy' }, prompt: 'hello' });
    expect(settingsDiff(speech, speech).find((r) => r.key === 'prompt')).toMatchObject({
      a: 'hello',
      same: true,
    });
  });
});

describe('compare mode', () => {
  it('the same kind compares; a track and a speech clip are both listened to; mixed kinds do not', () => {
    expect(compareMode(item({}), item({}))).toBe('image');
    expect(compareMode(item({ kind: 'video' }), item({ kind: 'video' }))).toBe('video');
    expect(compareMode(item({ kind: 'audio' }), item({ kind: 'speech' }))).toBe('audio');
    expect(compareMode(item({ kind: 'image' }), item({ kind: 'video' }))).toBeNull();
  });
});
