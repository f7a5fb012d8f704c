// One rule for sizes: what divides by 1024 says so (KiB, MiB, GiB, TiB), in the app, the CLI and the core.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byteSize, byteSizeParts } from '../../shared/studio/byte-size';

const ROOT = resolve(import.meta.dirname, '../..');

describe('byteSize', () => {
  it('names binary units as binary units, whole bytes below 1 KiB and one decimal above', () => {
    expect(byteSize(0)).toBe('0 B');
    expect(byteSize(1023)).toBe('1,023 B');
    expect(byteSize(1024)).toBe('1 KiB');
    expect(byteSize(1536)).toBe('1.5 KiB');
    expect(byteSize(20 * 1024 * 1024)).toBe('20 MiB');
    expect(byteSize(16 * 1024 ** 3)).toBe('16 GiB');
    expect(byteSize(50 * 1024 ** 4)).toBe('50 TiB');
    expect(byteSizeParts(40_000)).toEqual({ value: 40_000 / 1024, unit: 'KiB' });
  });

  it("writes the number in the reader's language", () => {
    expect(byteSize(1536, 'de')).toBe('1,5 KiB');
  });
});

describe('sizes in the docs', () => {
  it('are written as the app prints them: binary units, never KB, MB or GB', () => {
    const files = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const decimal = /\b\d+(?:[.,]\d+)? ?(?:[kK]B|MB|GB|TB)\b/g;
    const found = files.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(decimal)].map((m) => `${file}:${i + 1}: ${m[0]}`)),
    );
    expect(found).toEqual([]);
    // The docs' examples, as byteSize prints them.
    expect(byteSize(1.2 * 1024 ** 3)).toBe('1.2 GiB');
    expect(byteSize(4.8 * 1024)).toBe('4.8 KiB');
  });
});
