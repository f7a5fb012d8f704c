// Proof that tests cannot sleep: eslint.config.js refuses, in test/**, a promise resolved by a timer, the promise
// timers and Playwright's fixed wait (docs/architecture.md, "Tests wait on what the code says"). Each form is
// planted in a virtual test file and must fail; a timer that only bounds a wait must pass. Every file the rule
// excepts must still hold a sleep it would refuse, so the list of exceptions cannot outlive its reasons.
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, rulesOf, useProjectLint } from './lint-harness';

const lint = useProjectLint();
const inTest = (body: string): string =>
  `import { it } from 'vitest';\nit('waits', async () => {\n${body}\n});\n`;

describe('tests wait on what the code says, never on a timer', () => {
  it('a promise resolved by setTimeout, the promise timers and waitForTimeout fail', async () => {
    for (const body of [
      'await new Promise((r) => setTimeout(r, 100));',
      'await new Promise<void>((resolve) => setTimeout(() => resolve(), 50));',
    ]) {
      expect(rulesOf(await lint('test/core/virtual-bad.test.ts', inTest(body))), body).toContain(
        'no-restricted-syntax',
      );
    }
    const timers = "import { setTimeout as sleep } from 'node:timers/promises';\nexport const s = sleep;\n";
    expect(rulesOf(await lint('test/support/virtual-bad.ts', timers))).toContain('no-restricted-syntax');
    const page = inTest(
      'const page = { waitForTimeout: async (_: number) => undefined };\nawait page.waitForTimeout(500);',
    );
    expect(rulesOf(await lint('test/e2e/virtual-bad.e2e.ts', page))).toContain('no-restricted-syntax');
  });

  it('a timer that bounds a wait, and a turn of the event loop, pass', async () => {
    const bound = inTest(
      "await new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 1_000));\n" +
        'await new Promise((r) => setImmediate(r));',
    );
    expect(rulesOf(await lint('test/core/virtual-good.test.ts', bound))).toEqual([]);
  });

  it(
    'each file excepted from the rule still holds a sleep the rule refuses',
    { timeout: 120_000 },
    async () => {
      const eslint = new ESLint({ cwd: root });
      const files = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('lint/fixtures'))
        .map((f) => join(root, 'test', f));
      const excepted: string[] = [];
      for (const file of files) {
        const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
        if (!config.rules?.['no-restricted-syntax']) excepted.push(relative(root, file));
      }
      expect(excepted.length).toBeGreaterThan(0);
      for (const file of excepted) {
        const copy = file.replace(/(\.tsx?)$/, '.virtual-copy$1');
        expect(rulesOf(await lint(copy, readFileSync(join(root, file), 'utf8'))), file).toContain(
          'no-restricted-syntax',
        );
      }
    },
  );
});
