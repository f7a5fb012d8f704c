// The spec's limits the studio plans around are written once, in shared/gateway/limits.ts (docs/architecture.md,
// "One source for each fact"). The 31-day usage range was once written three times: this reads the studio's
// code (not the simulator, an independent reading of the spec on purpose) and fails on it written anywhere else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_USAGE_RANGE_MS, MAX_USAGE_RANGE_S } from '../../shared/gateway/limits';

const root = join(import.meta.dirname, '..', '..');
const HOME = 'shared/gateway/limits.ts';
/** 31 days as code writes it: 31 * 86_400 (s or, with * 1000, ms), 31 * 24 * …, or the products themselves. */
const THIRTY_ONE_DAYS = /\b31\s*\*\s*(86_?400|24\b)|\b2_?678_?400(_?000)?\b/;

function sources(): string[] {
  const out: string[] = [];
  for (const top of ['electron', 'shared', 'renderer']) {
    for (const f of readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })) {
      const path = `${top}/${f}`;
      if (/\.tsx?$/.test(path) && !path.startsWith('electron/simulator/')) out.push(path);
    }
  }
  return out;
}

const offenders = (files: Record<string, string>): string[] =>
  Object.entries(files)
    .filter(([path, text]) => path !== HOME && THIRTY_ONE_DAYS.test(text))
    .map(([path]) => path);

describe('the spec limits are written once', () => {
  it('the 31-day usage range is in limits.ts and nowhere else in the studio', () => {
    expect(MAX_USAGE_RANGE_MS).toBe(MAX_USAGE_RANGE_S * 1000);
    expect(MAX_USAGE_RANGE_S).toBe(31 * 86_400);
    const files = Object.fromEntries(sources().map((p) => [p, readFileSync(join(root, p), 'utf8')]));
    expect(THIRTY_ONE_DAYS.test(files[HOME] ?? '')).toBe(true);
    expect(offenders(files)).toEqual([]);
  });

  it('catches the range written again', () => {
    expect(
      offenders({
        'renderer/features/usage/virtual.ts': 'const MAX = 31 * 86_400 * 1000;',
        'electron/core/usage/virtual.ts': 'const days = 31 * 24 * 3600;',
        'shared/studio/virtual.ts': 'const s = 2678400;',
        'shared/studio/fine.ts': 'const week = 7 * 86_400;',
      }),
    ).toEqual([
      'renderer/features/usage/virtual.ts',
      'electron/core/usage/virtual.ts',
      'shared/studio/virtual.ts',
    ]);
  });
});
