// Readable file names: day, slug of the prompt, short id; any script; capped; never replacing a file.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  placeWithoutOverwrite,
  promptSlug,
  readableBaseName,
  SAFE_BASE_NAME,
  shortId,
  SLUG_MAX,
} from '../../../electron/core/downloads/readable-name';

describe('promptSlug', () => {
  it('lower-cases and hyphenates the words of a prompt', () => {
    expect(promptSlug('A red fox in snow')).toBe('a-red-fox-in-snow');
    expect(promptSlug('  Red   fox, in the SNOW!!  ')).toBe('red-fox-in-the-snow');
    expect(promptSlug('path/../to\\file: "x"*?<>|')).toBe('path-to-file-x');
  });

  it('drops the accents of Latin letters and keeps other scripts as written', () => {
    expect(promptSlug('Café crème à Zürich')).toBe('cafe-creme-a-zurich');
    expect(promptSlug('雪中的红狐狸')).toBe('雪中的红狐狸');
    expect(promptSlug('Лиса в снегу')).toBe('лиса-в-снегу');
    expect(promptSlug('눈 속의 여우')).toBe('눈-속의-여우');
    // Devanagari vowel signs are combining marks that belong to their letters: they stay.
    expect(promptSlug('बर्फ़ में लोमड़ी')).toBe('बर्फ़-में-लोमड़ी'.normalize('NFC'));
    expect(promptSlug('ﬁne ①')).toBe('fine-1');
  });

  it('caps the length at whole words, cutting only a first word longer than the cap', () => {
    const long = 'a photograph of a very small red fox sitting quietly in deep fresh winter snow at dawn';
    const slug = promptSlug(long);
    expect(Array.from(slug).length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('a-photograph-of-a-very-small-red-fox');
    expect(long.replaceAll(' ', '-').startsWith(slug)).toBe(true);
    const chinese =
      '一只在清晨的深雪里安静地坐着的非常小的红色狐狸的照片背景是松树林和远处的群山还有一条结冰的小河';
    expect(Array.from(promptSlug(chinese))).toHaveLength(SLUG_MAX);
    // Punctuation of any script separates words: the first sentence is kept whole.
    expect(promptSlug('雪中的红狐狸，背景是松树林')).toBe('雪中的红狐狸-背景是松树林');
    expect(promptSlug('x'.repeat(100), 10)).toBe('x'.repeat(10));
  });

  it('leaves nothing for emoji, punctuation or no prompt', () => {
    expect(promptSlug('🦊❄️ !!!')).toBe('');
    expect(promptSlug(null)).toBe('');
    expect(promptSlug('')).toBe('');
  });
});

describe('readableBaseName', () => {
  it('is day, slug and a short id derived from the file', () => {
    const name = readableBaseName({
      day: '2026-11-22',
      prompt: 'Red fox in snow',
      fallback: 'image',
      seed: 'task-1:0',
    });
    expect(name).toBe(`2026-11-22_red-fox-in-snow_${shortId('task-1:0')}`);
    expect(name).toMatch(/^2026-11-22_red-fox-in-snow_[0-9a-f]{6}$/);
    expect(SAFE_BASE_NAME.test(name)).toBe(true);
  });

  it('differs between files of one task, and stays the same for a retried download', () => {
    const base = { day: '2026-11-22', prompt: 'fox', fallback: 'image' };
    expect(readableBaseName({ ...base, seed: 't:0' })).not.toBe(readableBaseName({ ...base, seed: 't:1' }));
    expect(readableBaseName({ ...base, seed: 't:0' })).toBe(readableBaseName({ ...base, seed: 't:0' }));
  });

  it('falls back to the kind when the prompt leaves no slug', () => {
    expect(readableBaseName({ day: '2026-11-22', prompt: '🎵', fallback: 'track', seed: 's' })).toMatch(
      /^2026-11-22_track_[0-9a-f]{6}$/,
    );
  });

  it('is always a safe single path segment, whatever the prompt', () => {
    for (const prompt of [
      '../../etc/passwd',
      'CON',
      'a\u0000b',
      '.hidden',
      'x\ny',
      'name.with.dots',
      '   ',
    ]) {
      const name = readableBaseName({ day: '2026-11-22', prompt, fallback: 'image', seed: prompt });
      expect(SAFE_BASE_NAME.test(name), prompt).toBe(true);
      for (const bad of ['.', '/', '\\', '\u0000', '\n']) expect(name.includes(bad), prompt).toBe(false);
    }
  });
});

describe('placeWithoutOverwrite', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'readable-name-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('moves the .part to its readable name, and steps around a name already taken', async () => {
    const name = (idLength: number) =>
      readableBaseName({ day: '2026-11-22', prompt: 'fox', fallback: 'image', seed: 'same' }, idLength);
    await writeFile(join(dir, 'a.part'), 'first');
    const first = await placeWithoutOverwrite(join(dir, 'a.part'), dir, name, 'png');
    expect(first).toBe(join(dir, `${name(6)}.png`));
    await writeFile(join(dir, 'b.part'), 'second');
    const second = await placeWithoutOverwrite(join(dir, 'b.part'), dir, name, 'png');
    expect(second).toBe(join(dir, `${name(8)}.png`));
    // Neither file was replaced, and no .part is left behind.
    expect(await readFile(first, 'utf8')).toBe('first');
    expect(await readFile(second, 'utf8')).toBe('second');
    expect((await readdir(dir)).sort()).toEqual([`${name(6)}.png`, `${name(8)}.png`].sort());
  });
});
