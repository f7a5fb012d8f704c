// What the studio guarantees (budgets, idempotency, lineage, clean shutdown) holds because it is built in one
// place and ruled in one place, read from the source:
// - every core service is constructed by the one composition root (electron/core/compose-studio.ts, and the
//   library core it composes per folder in compose-core.ts): a second `new SpendingGuard(` in a shell is a second
//   set of limits that can drift from the first, as the CLI's did;
// - a bridge handler holds no money rule: it imports nothing that measures or prices (core/spending,
//   core/pricing) beyond types, and never answers a money question on the person's behalf (`confirmed: true`,
//   `overBudget: true`).
// Each check is also run on a planted breach, so a check that can no longer see one fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

interface Source {
  /** Relative to the repository, with forward slashes. */
  path: string;
  text: string;
}

function sourcesUnder(dir: string): Source[] {
  const found: Source[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name))
        found.push({ path: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(join(root, dir));
  return found;
}

/** The core's services: each is built once, by the root, whichever shell runs it. */
const SERVICES = [
  'Library',
  'TaskEngine',
  'SpeechService',
  'RegionEditor',
  'MadeFromStore',
  'PresetStore',
  'PromptHistory',
  'RecipeStore',
  'RecipeRunStore',
  'RecipeRunner',
  'SpendingGuard',
  'PriceBook',
  'GatewayPrices',
  'SyncService',
  'UsageReader',
  'ReferenceStore',
];

/** Where a service may be constructed, and why there. */
const BUILDERS: Record<string, string> = {
  'electron/core/compose-studio.ts': 'the composition root',
  'electron/core/compose-core.ts': "the root's library core for one folder (only the root calls it)",
  'electron/core/pricing/gateway-prices.ts':
    "one price book per gateway, the root's GatewayPrices holds them",
  'electron/core/references/reference-store.ts': 'forDatabase(): one store per database handle',
  // The engine's own wiring of its parts: the root hands it the made-from store; the default is for its tests.
  'electron/core/tasks/compose-engine.ts': "the engine's parts, handed the root's stores",
};

const construction = new RegExp(`\\bnew (${SERVICES.join('|')})\\(`, 'g');

function constructionsOutsideRoot(sources: readonly Source[]): string[] {
  const found: string[] = [];
  for (const { path, text } of sources) {
    if (path in BUILDERS) continue;
    for (const match of text.matchAll(construction)) found.push(`${path}: new ${match[1]}(`);
  }
  return found;
}

/** The handler files: one module per bridge namespace. host-deps.ts holds only their dependencies' types. */
const MONEY_MODULES = /from '\.\.\/\.\.\/core\/(spending|pricing)(\/[^']*)?'/;
/** Not a money rule: how a gateway's key is spelled, so the earlier sources are asked for the right gateway. */
const HANDLER_EXCEPTIONS: Record<string, RegExp> = {
  'electron/host/handlers/sources.ts':
    /^import \{ normaliseGateway \} from '\.\.\/\.\.\/core\/pricing\/price-book';$/,
};

function moneyRulesInHandlers(sources: readonly Source[]): string[] {
  const found: string[] = [];
  for (const { path, text } of sources) {
    const lines = text.split('\n');
    for (const line of lines) {
      const excepted = HANDLER_EXCEPTIONS[path]?.test(line) ?? false;
      if (MONEY_MODULES.test(line) && !/^import type /.test(line) && !excepted)
        found.push(`${path}: ${line.trim()}`);
      if (/\b(confirmed|overBudget):\s*true\b/.test(line)) found.push(`${path}: ${line.trim()}`);
    }
  }
  return found;
}

describe('one composition root', () => {
  it('constructs every core service in the root alone, for the app, web mode and the CLI', () => {
    const shipped = sourcesUnder('electron').filter((s) => !s.path.startsWith('electron/simulator/'));
    expect(constructionsOutsideRoot(shipped)).toEqual([]);
  });

  it('names only files that still build something', () => {
    const shipped = new Map(sourcesUnder('electron').map((s) => [s.path, s.text]));
    for (const path of Object.keys(BUILDERS)) expect(shipped.get(path) ?? '').toMatch(construction);
  });

  it('sees a service built by hand in a shell', () => {
    const planted: Source = {
      path: 'electron/cli/commands/recipes.ts',
      text: 'const spending = new SpendingGuard({ db, prices: () => book });\nconst p = new PresetStore({ db });',
    };
    expect(constructionsOutsideRoot([planted])).toEqual([
      'electron/cli/commands/recipes.ts: new SpendingGuard(',
      'electron/cli/commands/recipes.ts: new PresetStore(',
    ]);
  });
});

describe('no money rule in a bridge handler', () => {
  it('holds for every handler module', () => {
    expect(moneyRulesInHandlers(sourcesUnder('electron/host/handlers'))).toEqual([]);
  });

  it('sees a budget check or an answered question planted in a handler', () => {
    const planted: Source[] = [
      {
        path: 'electron/host/handlers/speech.ts',
        text: "import { SpendingGuard } from '../../core/spending';\nconst budgets = new SpendingGuard(o);",
      },
      {
        path: 'electron/host/handlers/speech.ts',
        text: 'return speech.synthesize(request, { fresh: false, confirmed: true });',
      },
      {
        path: 'electron/host/handlers/host-deps.ts',
        text: "import type { SpendingGuard } from '../../core/spending';",
      },
    ];
    expect(moneyRulesInHandlers(planted)).toEqual([
      "electron/host/handlers/speech.ts: import { SpendingGuard } from '../../core/spending';",
      'electron/host/handlers/speech.ts: return speech.synthesize(request, { fresh: false, confirmed: true });',
    ]);
  });
});
