// docs/architecture.md names, for each claim about the code, the test or lint rule that holds it, and the other
// notes (docs/, the README, each folder's README) name tests too. This keeps the names true: every backticked path
// into the project must exist (a test deleted or renamed fails here), every backticked lint rule (`no-…`, `max-…`,
// or any rule id) must be one eslint.config.js configures, and no claim may be "held by review". Each check is
// shown catching a planted breach.
import { ESLint } from 'eslint';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from './lint-harness';

/** The notes that name tests and rules: docs/, the README, and every folder's README under electron/ and renderer/. */
function notes(): string[] {
  const found = ['README.md'];
  for (const f of readdirSync(join(root, 'docs'))) if (f.endsWith('.md')) found.push(`docs/${f}`);
  for (const top of ['electron', 'renderer'])
    for (const f of readdirSync(join(root, top), { recursive: true, encoding: 'utf8' }))
      if (f.endsWith('README.md')) found.push(`${top}/${f}`);
  return found;
}
const PROJECT_PATH = /^(test|electron|shared|renderer|scripts|eslint-rules)\//;
const RULE_LIKE = /^(@?[a-z0-9-]+\/)?[a-z0-9]+(-[a-z0-9]+)+$/;

/**
 * A cited path exists: a file or folder, or for a pattern (`**`, `<namespace>`, `{a,b}`, `:feature`, `*`) some
 * entry of its folder that begins as the pattern does.
 */
function pathExists(cited: string): boolean {
  const plain = cited.split(/[*<{:]/)[0] ?? cited;
  if (['', '.ts', '.tsx', '.js', '.mjs'].some((ext) => existsSync(join(root, plain + ext)))) return true;
  if (plain === cited) return false;
  const dir = join(root, dirname(plain + 'x'));
  const start = basename(plain + 'x').slice(0, -1);
  return existsSync(dir) && readdirSync(dir).some((entry) => entry.startsWith(start));
}

/** Every citation in `text` that names nothing: a missing path, an unknown rule, a claim held by review. */
function brokenCitations(text: string, rules: ReadonlySet<string>, strict = true): string[] {
  const broken: string[] = [];
  for (const line of text.split('\n')) {
    // In architecture.md every `no-…` is a rule; elsewhere only on a line that speaks of lint or rules (a
    // Referrer-Policy of `no-referrer` is not one).
    const rulesHere = strict || /lint|rule/i.test(line);
    for (const [, token = ''] of line.matchAll(/`([^`]+)`/g)) {
      if (PROJECT_PATH.test(token) && !pathExists(token)) broken.push(`no such path: ${token}`);
      const ruleName = rulesHere && RULE_LIKE.test(token) && (/^(no|max)-/.test(token) || rules.has(token));
      if (ruleName && !rules.has(token)) broken.push(`no such lint rule: ${token}`);
    }
  }
  for (const [held] of text.matchAll(/held by review/gi)) broken.push(`a claim ${held}`);
  return broken;
}

let rules: Set<string>;
beforeAll(async () => {
  // The rules configured for a file of each room (off ones too: the doc may say why one is off), by their full
  // id and by their name without the plugin, as the doc writes `no-floating-promises`.
  const eslint = new ESLint({ cwd: root });
  rules = new Set();
  for (const file of [
    'electron/core/tasks/task-engine.ts',
    'electron/host/studio-host.ts',
    'shared/studio/records.ts',
    'renderer/app/app.tsx',
    'test/core/clock.test.ts',
  ]) {
    const config = (await eslint.calculateConfigForFile(join(root, file))) as {
      rules?: Record<string, unknown>;
    };
    for (const id of Object.keys(config.rules ?? {})) rules.add(id).add(id.replace(/^.*\//, ''));
  }
}, 120_000);

describe('the docs cite only what exists', () => {
  it('every test, file and lint rule docs/architecture.md (and every other note) names exists; none is held by review', () => {
    const notesRead = notes();
    expect(notesRead).toContain('docs/architecture.md');
    const broken = notesRead.flatMap((note) =>
      brokenCitations(readFileSync(join(root, note), 'utf8'), rules, note === 'docs/architecture.md').map(
        (b) => `${note}: ${b}`,
      ),
    );
    expect(broken).toEqual([]);
  });

  it('a deleted test, an unknown rule and a claim held by review are caught', () => {
    const planted =
      'Held by `test/core/no-such-claim.test.ts` and `no-such-rule`, found in `test/components/**/*.test.tsx`; ' +
      'this is held by review.';
    expect(brokenCitations(planted, rules)).toEqual([
      'no such path: test/core/no-such-claim.test.ts',
      'no such lint rule: no-such-rule',
      'a claim held by review',
    ]);
    expect(brokenCitations('`max-lines`, `no-console`, `no-restricted-syntax`, `test/lint/`', rules)).toEqual(
      [],
    );
  });
});
