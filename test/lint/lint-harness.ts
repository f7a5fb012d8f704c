// The project's real ESLint config, run on virtual files at the paths where a breach would do harm: how each lint
// test shows its rule failing (layering.test.ts, test-waits.test.ts).
import { ESLint, type Linter } from 'eslint';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';

export const root = join(import.meta.dirname, '..', '..');

/** Registers the loading of the config (once per file) and returns the function that lints one virtual file. */
export function useProjectLint(): (filePath: string, code: string) => Promise<Linter.LintMessage[]> {
  let eslint: ESLint;
  beforeAll(async () => {
    // The project's real config. Virtual files are in no TypeScript program, so for them the type-aware parser
    // setting is turned off (and with it the two type-aware rules); those are proven on real fixtures.
    eslint = new ESLint({
      cwd: root,
      overrideConfig: {
        languageOptions: { parserOptions: { project: null } },
        rules: {
          '@typescript-eslint/no-floating-promises': 'off',
          '@typescript-eslint/no-misused-promises': 'off',
        },
      },
    });
    // Loading the config and its plugins is the slow part: do it once here, not inside the first test's time.
    await eslint.lintText('export {};\n', { filePath: join(root, 'shared/virtual-warm-up.ts') });
  }, 120_000);
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    if (!result) throw new Error('no lint result');
    // A parse failure or an ignored path would make every "passes" meaningless.
    expect(result.messages.filter((m) => m.fatal || /ignored/i.test(m.message))).toEqual([]);
    return result.messages;
  };
}

/** The rules that failed (errors only). */
export const rulesOf = (messages: Linter.LintMessage[]): (string | null)[] =>
  messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
