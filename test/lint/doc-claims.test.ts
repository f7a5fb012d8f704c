// docs/architecture.md names, for each claim about the code, the test or lint rule that holds it. This keeps the
// names true: every backticked path into the project must exist (a test deleted or renamed fails here), every
// backticked lint rule (`no-…`, `max-…`, or any rule id) must be one eslint.config.js configures, and no claim may
// be "held by review". Each check is shown catching a planted breach.
import { ESLint } from 'eslint';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from './lint-harness';

const DOC = 'docs/architecture.md';
const PROJECT_PATH = /^(test|electron|shared|renderer|scripts|eslint-rules)\//;
const RULE_LIKE = /^(@?[a-z0-9-]+\/)?[a-z0-9]+(-[a-z0-9]+)+$/;

/** A cited path exists up to its first pattern part (`**`, `<namespace>`, `{a,b}`, `:feature`). */
function pathExists(cited: string): boolean {
  const plain = cited.split(/[*<{:]/)[0] ?? cited;
  return ['', '.ts', '.tsx', '.js', '.mjs'].some((ext) => existsSync(join(root, plain + ext)));
}

/** Every citation in `text` that names nothing: a missing path, an unknown rule, a claim held by review. */
function brokenCitations(text: string, rules: ReadonlySet<string>): string[] {
  const broken: string[] = [];
  for (const [, token = ''] of text.matchAll(/`([^`\n]+)`/g)) {
    if (PROJECT_PATH.test(token) && !pathExists(token)) broken.push(`no such path: ${token}`);
    const ruleName = RULE_LIKE.test(token) && (/^(no|max)-/.test(token) || rules.has(token));
    if (ruleName && !rules.has(token)) broken.push(`no such lint rule: ${token}`);
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

describe('docs/architecture.md cites only what exists', () => {
  it('every test, file and lint rule it names exists, and no claim is held by review', () => {
    expect(brokenCitations(readFileSync(join(root, DOC), 'utf8'), rules)).toEqual([]);
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
