// Proof that the rooms in eslint.config.js bite: each bad import below is linted as a virtual file at the path
// where it would do harm, through ESLint's own Node API and the project's real config, and must fail with the
// rule that guards that boundary (local/rooms: an allow-list per room, packages included). The same imports from
// an allowed place must pass. The type-aware rules and jsx-a11y are shown failing too.
import { ESLint } from 'eslint';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, rulesOf, useProjectLint } from './lint-harness';

const lint = useProjectLint();

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
    expect(rulesOf(messages)).toContain('local/rooms');
    const bare = await lint(
      'shared/catalog/virtual-bad.ts',
      "import { join } from 'path';\nexport const j = join;\n",
    );
    expect(rulesOf(bare)).toContain('local/rooms');
  });

  it('shared/ may not import electron/ (nor the electron module)', async () => {
    real('electron/core/clock');
    const messages = await lint(
      'shared/gateway/virtual-bad.ts',
      "import { systemClock } from '../../electron/core/clock';\nexport const c = systemClock;\n",
    );
    expect(rulesOf(messages)).toContain('local/rooms');
    const module = await lint(
      'shared/virtual-bad.ts',
      "import { app } from 'electron';\nexport const a = app;\n",
    );
    expect(rulesOf(module)).toContain('local/rooms');
  });

  it('renderer/ may not import electron/ or Node built-ins', async () => {
    real('electron/core/clock');
    const messages = await lint(
      'renderer/lib/virtual-bad.ts',
      "import { systemClock } from '../../electron/core/clock';\nexport const c = systemClock;\n",
    );
    expect(rulesOf(messages)).toContain('local/rooms');
    const fs = await lint(
      'renderer/lib/virtual-bad.ts',
      "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    );
    expect(rulesOf(fs)).toContain('local/rooms');
  });

  it("core may not import 'electron'", async () => {
    const messages = await lint(
      'electron/core/gateway/virtual-bad.ts',
      "import { safeStorage } from 'electron';\nexport const s = safeStorage;\n",
    );
    expect(rulesOf(messages)).toContain('local/rooms');
  });

  it("core and the simulator may not import 'electron', not even dynamically", async () => {
    for (const file of ['electron/core/tasks/virtual-bad.ts', 'electron/simulator/virtual-bad.ts']) {
      const dynamic = await lint(file, "export const load = () => import('electron');\n");
      expect(rulesOf(dynamic)).toContain('local/rooms');
    }
    const simulator = await lint(
      'electron/simulator/virtual-bad.ts',
      "import { app } from 'electron';\nexport const a = app;\n",
    );
    expect(rulesOf(simulator)).toContain('local/rooms');
  });

  it('shared/ and the renderer may not load Node built-ins dynamically either', async () => {
    for (const [file, source] of [
      ['shared/gateway/virtual-bad.ts', 'node:fs'],
      ['shared/catalog/virtual-bad.ts', 'fs/promises'],
      ['renderer/lib/virtual-bad.ts', 'path'],
    ] as const) {
      const messages = await lint(file, `export const load = () => import('${source}');\n`);
      expect(rulesOf(messages), `${file} ${source}`).toContain('local/rooms');
    }
    const react = await lint(
      'shared/virtual-bad.ts',
      "export const load = () => import('react-dom/client');\n",
    );
    expect(rulesOf(react)).toContain('local/rooms');
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
    expect(rulesOf(messages)).toContain('local/rooms');
  });

  it('core may not import the simulator', async () => {
    real('electron/simulator/index');
    const messages = await lint(
      'electron/core/gateway/virtual-bad.ts',
      "import { startSimulator } from '../../simulator/index';\nexport const s = startSimulator;\n",
    );
    expect(rulesOf(messages)).toContain('local/rooms');
  });

  it('a renderer feature may not import another feature', async () => {
    real('renderer/features/library/library-page');
    const messages = await lint(
      'renderer/features/create/virtual-bad.tsx',
      "import { LibraryPage } from '../library/library-page';\nexport const P = LibraryPage;\n",
    );
    expect(rulesOf(messages)).toContain('local/rooms');
  });
});

describe('the cases the allow-lists were written for', () => {
  const bad = async (file: string, code: string) =>
    expect(rulesOf(await lint(file, code)), `${file}: ${code}`).toContain('local/rooms');

  it("the CLI may not import 'electron' (it runs under plain Node)", async () => {
    await bad('electron/cli/virtual-bad.ts', "import { app } from 'electron';\nexport const a = app;\n");
    await bad('electron/cli.ts', "export const load = () => import('electron');\n");
  });

  it('the simulator may not import shared/catalog (an independent reading of the spec)', async () => {
    real('shared/catalog/families');
    await bad(
      'electron/simulator/virtual-bad.ts',
      "import { FAMILIES } from '../../shared/catalog/families';\nexport const f = FAMILIES;\n",
    );
  });

  it('core may import neither the CLI nor the app entry points', async () => {
    real('electron/cli/program');
    real('electron/main');
    await bad(
      'electron/core/tasks/virtual-bad.ts',
      "import * as p from '../../cli/program';\nexport const x = p;\n",
    );
    await bad(
      'electron/core/tasks/virtual-bad.ts',
      "import * as m from '../../main';\nexport const x = m;\n",
    );
  });

  it('renderer/ui and renderer/lib may not import a feature', async () => {
    real('renderer/features/library/library-page');
    for (const file of ['renderer/ui/virtual-bad.tsx', 'renderer/lib/virtual-bad.ts']) {
      await bad(
        file,
        "import { LibraryPage } from '../features/library/library-page';\nexport const P = LibraryPage;\n",
      );
    }
  });

  it('a feature folder nobody listed is a feature all the same', async () => {
    real('renderer/features/library/library-page');
    await bad(
      'renderer/features/brand-new/virtual-bad.tsx',
      "import { LibraryPage } from '../library/library-page';\nexport const P = LibraryPage;\n",
    );
    const own = await lint(
      'renderer/features/brand-new/virtual-good.ts',
      "import * as self from './virtual-other';\nimport { cx } from '../../ui/cx';\nexport const all = [self, cx];\n",
    );
    expect(rulesOf(own)).toEqual([]);
  });

  it("a feature may not use another feature's queries (features/<f>/api is that feature's own)", async () => {
    real('renderer/features/usage/api/get-usage');
    await bad(
      'renderer/features/create/virtual-bad.tsx',
      "import { useUsage } from '../usage/api/get-usage';\nexport const u = useUsage;\n",
    );
    await bad(
      'renderer/features/create/api/virtual-bad.ts',
      "import { useUsage } from '../../usage/api/get-usage';\nexport const u = useUsage;\n",
    );
  });

  it('only query modules call the bridge: pages, ui and the shell use their hooks', async () => {
    real('renderer/lib/bridge');
    const cases: [string, string][] = [
      ['renderer/features/usage/virtual-bad.tsx', '../../lib/bridge'],
      ['renderer/ui/virtual-bad.tsx', '../lib/bridge'],
      ['renderer/app/virtual-bad.tsx', '../lib/bridge'],
    ];
    for (const [file, specifier] of cases) {
      const messages = await lint(file, `import { bridge } from '${specifier}';\nexport const b = bridge;\n`);
      expect(rulesOf(messages), file).toContain('no-restricted-imports');
    }
    const allowed: [string, string][] = [
      ['renderer/features/usage/api/virtual-good.ts', '../../../lib/bridge'],
      ['renderer/lib/api/virtual-good.ts', '../bridge'],
    ];
    for (const [file, specifier] of allowed) {
      const messages = await lint(file, `import { bridge } from '${specifier}';\nexport const b = bridge;\n`);
      expect(rulesOf(messages), file).toEqual([]);
    }
  });

  it("the renderer asks with its own dialog, never the browser's window.confirm", async () => {
    for (const code of [
      'export const ok = window.confirm("Delete?");\n',
      'export const ok = confirm("Delete?");\n',
    ]) {
      const messages = await lint('renderer/features/library/virtual-bad.tsx', code);
      expect(rulesOf(messages), code).toEqual(
        expect.arrayContaining([expect.stringMatching(/^no-restricted-(properties|globals)$/)]),
      );
    }
  });

  it('npm packages stay in their room', async () => {
    for (const file of ['shared/virtual-bad.ts', 'electron/core/library/virtual-bad.ts']) {
      await bad(file, "import Store from 'electron-store';\nexport const S = Store;\n");
    }
    await bad('shared/virtual-bad.ts', "import sharp from 'sharp';\nexport const s = sharp;\n");
    await bad(
      'renderer/lib/virtual-bad.ts',
      "import { createIPCHandler } from 'trpc-electron/main';\nexport const h = createIPCHandler;\n",
    );
    await bad('renderer/lib/virtual-bad.ts', "import axios from 'axios';\nexport const a = axios;\n");
    // ...and are welcome where they belong.
    const core = await lint(
      'electron/core/library/virtual-good.ts',
      "import sharp from 'sharp';\nexport const s = sharp;\n",
    );
    expect(rulesOf(core)).toEqual([]);
    const platform = await lint(
      'electron/platform/virtual-good.ts',
      "import Store from 'electron-store';\nexport const S = Store;\n",
    );
    expect(rulesOf(platform)).toEqual([]);
  });

  it('a non-relative specifier is a package, never a path into the project', async () => {
    await bad(
      'electron/core/tasks/virtual-bad.ts',
      "import { FAMILIES } from 'shared/catalog';\nexport const f = FAMILIES;\n",
    );
    await bad(
      'renderer/features/create/virtual-bad.ts',
      "import { cx } from 'renderer/ui/cx';\nexport const c = cx;\n",
    );
  });

  it('a file in no room is itself an error', async () => {
    for (const file of ['electron/virtual-new.ts', 'renderer/virtual-new.ts', 'virtual-new.ts']) {
      const messages = await lint(file, 'export const x = 1;\n');
      expect(rulesOf(messages), file).toContain('local/rooms');
      expect(messages.find((m) => m.ruleId === 'local/rooms')?.message).toMatch(/in no room/);
    }
  });

  it('jsx-a11y: an image without alt text and a click on a div fail', async () => {
    const messages = await lint(
      'renderer/ui/virtual-bad.tsx',
      "export const I = () => <img src='x.png' />;\nexport const D = (p: { go: () => void }) => <div onClick={p.go}>go</div>;\n",
    );
    expect(rulesOf(messages)).toEqual(
      expect.arrayContaining(['jsx-a11y/alt-text', 'jsx-a11y/click-events-have-key-events']),
    );
  });
});

describe('type-aware rules fail on promises that lose their failures', () => {
  // Real files in a small TypeScript program of their own (test/lint/fixtures is outside the project's lint and
  // typecheck), linted with the project's config pointed at that program.
  it('no-floating-promises and no-misused-promises', { timeout: 120_000 }, async () => {
    const typed = new ESLint({
      cwd: root,
      ignore: false,
      overrideConfig: {
        languageOptions: {
          parserOptions: { project: ['./test/lint/fixtures/tsconfig.json'], tsconfigRootDir: root },
        },
      },
    });
    const [floating] = await typed.lintFiles([join(root, 'test/lint/fixtures/floating-promise.ts')]);
    expect(rulesOf(floating?.messages ?? [])).toContain('@typescript-eslint/no-floating-promises');
    const [misused] = await typed.lintFiles([join(root, 'test/lint/fixtures/misused-promise.ts')]);
    expect(rulesOf(misused?.messages ?? [])).toContain('@typescript-eslint/no-misused-promises');
    const [awaited] = await typed.lintFiles([join(root, 'test/lint/fixtures/awaited-promise.ts')]);
    expect(rulesOf(awaited?.messages ?? [])).toEqual([]);
  });
});

describe('the core tells its logger, never the console', () => {
  it('console in electron/core or shared/ fails; the host composing a logger over it passes', async () => {
    const line = 'export const warn = (m: string): void => console.warn(m);\n';
    expect(rulesOf(await lint('electron/core/tasks/virtual-bad.ts', line))).toContain('no-console');
    expect(rulesOf(await lint('shared/studio/virtual-bad.ts', line))).toContain('no-console');
    expect(rulesOf(await lint('electron/host/virtual-good.ts', line))).toEqual([]);
  });
});

describe('the host and the core stay in small files, one job each', () => {
  const lines = (n: number): string =>
    Array.from({ length: n }, (_, i) => `export const x${i} = ${i};`).join('\n') + '\n';
  it('a host file of 151 lines fails max-lines; 150 lines pass; shared is not held to it', async () => {
    expect(rulesOf(await lint('electron/host/handlers/virtual-bad.ts', lines(151)))).toContain('max-lines');
    expect(rulesOf(await lint('electron/host/virtual-good.ts', lines(150)))).toEqual([]);
    expect(rulesOf(await lint('shared/studio/virtual-good.ts', lines(151)))).toEqual([]);
  });

  it('a core file of 401 lines fails max-lines; 400 lines pass', async () => {
    expect(rulesOf(await lint('electron/core/tasks/virtual-bad.ts', lines(401)))).toContain('max-lines');
    expect(rulesOf(await lint('electron/core/library/virtual-bad.ts', lines(401)))).toContain('max-lines');
    expect(rulesOf(await lint('electron/core/tasks/virtual-good.ts', lines(400)))).toEqual([]);
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
    real('renderer/features/create/extra-body');
    real('renderer/ui/cx');
    const messages = await lint(
      'renderer/features/create/virtual-good.ts',
      "import { cx } from '../../ui/cx';\nimport * as extraBody from './extra-body';\nimport { FAMILIES } from '../../../shared/catalog/families';\nexport const all = [cx, extraBody, FAMILIES];\n",
    );
    expect(rulesOf(messages)).toEqual([]);
  });
});
