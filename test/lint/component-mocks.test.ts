// Component files share one jsdom and one module graph per worker (vitest.config.ts, isolate: false). A vi.mock
// in such a file applies only if no file before it loaded the real module, so a mocking file passes alone and
// fails in the run (the library grid's render count read 0 that way). Every component file that mocks a module
// must be in MOCKING_COMPONENT_FILES, which runs them isolated.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Component test files (relative to the project) that call vi.mock. */
function mockingFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.tsx'))
    .filter((f) => /\bvi\.mock\(/.test(readFileSync(join(root, dir, f), 'utf8')))
    .map((f) => `${dir}/${f.split('\\').join('/')}`);
}

/** The list the config runs isolated, read from its source. */
function isolatedList(config: string): string[] {
  const list = /const MOCKING_COMPONENT_FILES = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
}

describe('component files that mock a module', () => {
  it('all run in the isolated components project', () => {
    const config = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
    const isolated = isolatedList(config);
    expect(isolated.length).toBeGreaterThan(0);
    expect(mockingFiles('test/components').filter((f) => !isolated.includes(f))).toEqual([]);
  });

  it('the check sees a mocking file missing from the list', () => {
    expect(isolatedList("const MOCKING_COMPONENT_FILES = ['test/components/a.test.tsx'];")).toEqual([
      'test/components/a.test.tsx',
    ]);
    expect(mockingFiles('test/components')).toContain('test/components/library-grid-renders.test.tsx');
  });
});
