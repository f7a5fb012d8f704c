// Proof that the layering rules in eslint.config.js bite: each bad import below is linted as a virtual file at
// the path where it would do harm, through ESLint's own Node API and the project's real config, and must fail
// with the rule that guards that boundary. The same imports from an allowed place must pass.
import { ESLint, type Linter } from 'eslint';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  if (!result) throw new Error('no lint result');
  // A parse failure or an ignored path would make every "passes" below meaningless.
  expect(result.messages.filter((m) => m.fatal || /ignored/i.test(m.message))).toEqual([]);
  return result.messages;
}

const rulesOf = (messages: Linter.LintMessage[]) =>
  messages.filter((m) => m.severity === 2).map((m) => m.ruleId);

/** The import must point at a real module, or the path rules (which resolve it) would have nothing to judge. */
function real(path: string): string {
  const hit = ['', '.ts', '.tsx'].some((ext) => existsSync(join(root, path + ext)));
  if (!hit) throw new Error(`fixture import ${path} does not exist`);
  return path;
}

describe('layering rules fail on bad imports', () => {
  it('shared/ may not import Node built-ins', async () => {
    const messages = await lint(
      'shared/gateway/virtual-bad.ts',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    );
    expect(rulesOf(messages)).toContain('no-restricted-imports');
    const bare = await lint(
      'shared/catalog/virtual-bad.ts',
      "import { join } from 'path';\nexport const j = join;\n",
    );
    expect(rulesOf(bare)).toContain('no-restricted-imports');
  });

  it('shared/ may not import electron/ (nor the electron module)', async () => {
    real('electron/core/clock');
    const messages = await lint(
      'shared/gateway/virtual-bad.ts',
      "import { systemClock } from '../../electron/core/clock';\nexport const c = systemClock;\n",
    );
    expect(rulesOf(messages)).toContain('local/layering');
    const module = await lint(
      'shared/virtual-bad.ts',
      "import { app } from 'electron';\nexport const a = app;\n",
    );
    expect(rulesOf(module)).toContain('no-restricted-imports');
  });

  it('renderer/ may not import electron/ or Node built-ins', async () => {
    real('electron/core/clock');
    const messages = await lint(
      'renderer/lib/virtual-bad.ts',
      "import { systemClock } from '../../electron/core/clock';\nexport const c = systemClock;\n",
    );
    expect(rulesOf(messages)).toContain('local/layering');
    const fs = await lint(
      'renderer/lib/virtual-bad.ts',
      "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    );
    expect(rulesOf(fs)).toContain('no-restricted-imports');
  });

  it("core may not import 'electron'", async () => {
    const messages = await lint(
      'electron/core/gateway/virtual-bad.ts',
      "import { safeStorage } from 'electron';\nexport const s = safeStorage;\n",
    );
    expect(rulesOf(messages)).toContain('no-restricted-imports');
  });

  it("core and the simulator may not import 'electron', not even dynamically", async () => {
    for (const file of ['electron/core/tasks/virtual-bad.ts', 'electron/simulator/virtual-bad.ts']) {
      const dynamic = await lint(file, "export const load = () => import('electron');\n");
      expect(rulesOf(dynamic)).toContain('no-restricted-syntax');
    }
    const simulator = await lint(
      'electron/simulator/virtual-bad.ts',
      "import { app } from 'electron';\nexport const a = app;\n",
    );
    expect(rulesOf(simulator)).toContain('no-restricted-imports');
  });

  it('shared/ and the renderer may not load Node built-ins dynamically either', async () => {
    for (const [file, source] of [
      ['shared/gateway/virtual-bad.ts', 'node:fs'],
      ['shared/catalog/virtual-bad.ts', 'fs/promises'],
      ['renderer/lib/virtual-bad.ts', 'path'],
    ] as const) {
      const messages = await lint(file, `export const load = () => import('${source}');\n`);
      expect(rulesOf(messages), `${file} ${source}`).toContain('no-restricted-syntax');
    }
    const react = await lint(
      'shared/virtual-bad.ts',
      "export const load = () => import('react-dom/client');\n",
    );
    expect(rulesOf(react)).toContain('no-restricted-syntax');
  });

  it('shared/ may use neither Node nor DOM globals; the renderer no Node globals', async () => {
    for (const code of [
      "export const b = Buffer.from('x');\n",
      'export const e = process.env.HOME;\n',
      'export const t = document.title;\n',
      "export const s = window.localStorage.getItem('k');\n",
    ]) {
      const messages = await lint('shared/gateway/virtual-bad.ts', code);
      expect(rulesOf(messages), code).toContain('no-restricted-globals');
    }
    const renderer = await lint('renderer/lib/virtual-bad.ts', 'export const e = process.env.HOME;\n');
    expect(rulesOf(renderer)).toContain('no-restricted-globals');
  });

  it('the simulator may not import core', async () => {
    real('electron/core/gateway/gateway-client');
    const messages = await lint(
      'electron/simulator/virtual-bad.ts',
      "import { GatewayClient } from '../core/gateway/gateway-client';\nexport const C = GatewayClient;\n",
    );
    expect(rulesOf(messages)).toContain('local/layering');
  });

  it('core may not import the simulator', async () => {
    real('electron/simulator/index');
    const messages = await lint(
      'electron/core/gateway/virtual-bad.ts',
      "import { startSimulator } from '../../simulator/index';\nexport const s = startSimulator;\n",
    );
    expect(rulesOf(messages)).toContain('local/layering');
  });

  it('a renderer feature may not import another feature', async () => {
    real('renderer/features/library/library-page');
    const messages = await lint(
      'renderer/features/create/virtual-bad.tsx',
      "import { LibraryPage } from '../library/library-page';\nexport const P = LibraryPage;\n",
    );
    expect(rulesOf(messages)).toContain('local/layering');
  });
});

describe('layering rules pass on good imports', () => {
  it('shared/ importing shared/ and zod', async () => {
    const messages = await lint(
      'shared/gateway/virtual-good.ts',
      "import { z } from 'zod';\nimport { FAMILIES } from '../catalog/families';\nexport const s = z.string();\nexport const f = FAMILIES;\n",
    );
    expect(rulesOf(messages)).toEqual([]);
  });

  it('shared/ using globals both worlds have, and a dynamic import of its own modules', async () => {
    const messages = await lint(
      'shared/gateway/virtual-good.ts',
      "export const u = new URL('https://example.com');\nexport const t = new TextEncoder();\nexport const load = () => import('../catalog/families');\n",
    );
    expect(rulesOf(messages)).toEqual([]);
  });

  it('core importing shared/ and Node built-ins', async () => {
    const messages = await lint(
      'electron/core/gateway/virtual-good.ts',
      "import { readFileSync } from 'node:fs';\nimport { FAMILIES } from '../../../shared/catalog/families';\nexport const r = readFileSync;\nexport const f = FAMILIES;\n",
    );
    expect(rulesOf(messages)).toEqual([]);
  });

  it('a renderer feature importing its own files, renderer/ui and shared/', async () => {
    real('renderer/features/create/field-error');
    real('renderer/ui/cx');
    const messages = await lint(
      'renderer/features/create/virtual-good.ts',
      "import { cx } from '../../ui/cx';\nimport * as fieldError from './field-error';\nimport { FAMILIES } from '../../../shared/catalog/families';\nexport const all = [cx, fieldError, FAMILIES];\n",
    );
    expect(rulesOf(messages)).toEqual([]);
  });
});
