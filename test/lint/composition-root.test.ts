// What the studio guarantees (budgets, idempotency, lineage, clean shutdown) holds because it is built in one
// place and ruled in one place, read from the source:
// - every core service is constructed by the one composition root (electron/core/compose-studio.ts, and the
//   library core it composes per folder in compose-core.ts): a second `new SpendingGuard(` in a shell is a second
//   set of limits that can drift from the first, as the CLI's did;
// - a bridge handler holds no money rule: it imports nothing that measures or prices (core/spending,
//   core/pricing) beyond types, never answers a money question on the person's behalf (`confirmed: true`,
//   `overBudget: true`), and outside the money namespaces (spending, estimates) never asks the limits or the
//   prices nor reads which gateway money is reckoned on.
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
  'JobRunner',
  'Press',
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

/**
 * The namespaces whose procedures are the money services themselves (the limits, the price book's estimate):
 * their handlers hand the input to the service and its answer back. Any other handler that asks the limits or
 * the prices (`spending.…(`, `prices.…(`), or reads which gateway money is reckoned on (`pricesKey(`), is deciding
 * a money question the core should answer once for every shell: whether a library take is free, which gateway's
 * tasks a total counts, what a queued item costs.
 */
const MONEY_NAMESPACES = new Set([
  'electron/host/handlers/spending.ts',
  'electron/host/handlers/estimates.ts',
]);
const MONEY_CALL = /\b(spending|prices)\.\w+\(|\bpricesKey\(/;
/** Not a money rule: the earlier tracks and grids are those sent to the gateway in use, which pricesKey names. */
const MONEY_CALL_EXCEPTIONS: Record<string, RegExp> = {
  'electron/host/handlers/sources.ts': /^const gateway = session\.pricesKey\(\);$/,
};

function moneyRulesInHandlers(sources: readonly Source[]): string[] {
  const found: string[] = [];
  for (const { path, text } of sources) {
    const lines = text.split('\n');
    for (const line of lines) {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*')) continue;
      const excepted = HANDLER_EXCEPTIONS[path]?.test(code) ?? false;
      if (MONEY_MODULES.test(code) && !/^import type /.test(code) && !excepted)
        found.push(`${path}: ${code}`);
      if (/\b(confirmed|overBudget):\s*true\b/.test(code)) found.push(`${path}: ${code}`);
      const delegates = MONEY_NAMESPACES.has(path) || (MONEY_CALL_EXCEPTIONS[path]?.test(code) ?? false);
      if (MONEY_CALL.test(code) && !delegates) found.push(`${path}: ${code}`);
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

  it('sees the money rules the handlers once held: the free library take, the gateway a total counts, the queue priced', () => {
    // The handlers as they were before these rules moved into the core (speech's check, costs.tasks, queue.view).
    const before: Source[] = [
      {
        path: 'electron/host/handlers/speech.ts',
        text: [
          '    check: async ({ fresh, confirmed: _confirmed, ...request }) => {',
          '      const { speech } = await core.ensure();',
          "      // The library's take costs nothing and asks nothing: there is no press to measure.",
          '      if (!fresh && (await speech.fromLibrary(request))) return null;',
          '      return spending.check([speechConfiguration(request)]);',
        ].join('\n'),
      },
      {
        path: 'electron/host/handlers/costs.ts',
        text: '    tasks: async (query) => {\n      const gateway = session.pricesKey();',
      },
      {
        path: 'electron/host/handlers/queue.ts',
        text: '    tasks.length === 0 ? [] : prices.estimate(tasks).items.map((e) => ({ usd: e.usd, seconds: e.seconds }));',
      },
    ];
    expect(moneyRulesInHandlers(before)).toEqual([
      'electron/host/handlers/speech.ts: return spending.check([speechConfiguration(request)]);',
      'electron/host/handlers/costs.ts: const gateway = session.pricesKey();',
      'electron/host/handlers/queue.ts: tasks.length === 0 ? [] : prices.estimate(tasks).items.map((e) => ({ usd: e.usd, seconds: e.seconds }));',
    ]);
    // The money namespaces themselves delegate to the services they name.
    const delegating: Source = {
      path: 'electron/host/handlers/spending.ts',
      text: '    check: ({ requests }) => Promise.resolve(spending.check(requests)),',
    };
    expect(moneyRulesInHandlers([delegating])).toEqual([]);
  });
});

/**
 * What a handler must not do itself: parse (the router parsed its input from the contract) or plan a press (the
 * core's Press plans it, one task per prompt line and the tasks-per-press limit written once).
 */
const HANDLER_WORK =
  /\.(safeParse|parse)\(|JSON\.parse\(|\b(promptLines|planPress|planIntent|batchRequests|fanOutRequests)\(|\bMAX_PRESS_TASKS\b/;

function workInHandlers(sources: readonly Source[]): string[] {
  return sources
    .filter((s) => s.path.startsWith('electron/host/handlers/'))
    .flatMap(({ path, text }) =>
      text
        .split('\n')
        .filter((line) => HANDLER_WORK.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    );
}

describe('a bridge handler parses nothing and plans no press', () => {
  it('holds for every handler module', () => {
    expect(workInHandlers(sourcesUnder('electron/host/handlers'))).toEqual([]);
  });

  it('sees a parse or a press planned in a handler', () => {
    const planted: Source[] = [
      { path: 'electron/host/handlers/press.ts', text: '  const plan = planIntent(intent, models());' },
      { path: 'electron/host/handlers/tasks.ts', text: '  if (requests.length > MAX_PRESS_TASKS) throw x;' },
      { path: 'electron/host/handlers/queue.ts', text: '  const input = queueAddInputSchema.parse(raw);' },
    ];
    expect(workInHandlers(planted)).toHaveLength(3);
  });
});
