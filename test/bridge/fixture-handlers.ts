// A complete BridgeHandlers made of plain values, for testing the router's parsing and error handling alone.
// Procedures it has no answer for fail with a message naming them (filled in from the contract).
// It decides nothing a real component would: the host tests use the real core.
import { bridgeContract } from '../../shared/bridge/contract';
import { NO_ESTIMATE } from '../../shared/studio/estimates';
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { DEFAULT_SETTINGS } from '../../shared/bridge/session-schemas';
import type { TaskRecord } from '../../shared/studio/records';
import { fixturePress } from './fixture-press';

export const sampleTask: TaskRecord = {
  id: 'local-1',
  remoteId: 'remote-1',
  family: 'image.i3',
  model: 'image_model_id_i3',
  kind: 'image',
  endpoint: 'tasks',
  params: { prompt: 'a red fox' },
  state: 'processing',
  progress: 40,
  error: null,
  cost: null,
  creditsCost: null,
  estimatedTime: 12,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_001_000,
  completedAt: null,
  parentTaskId: null,
  downloads: { total: 0, done: 0, failed: 0, expired: 0, missing: [], deleted: 0 },
  reconciliation: null,
};

const status = {
  mode: 'live' as const,
  baseUrl: 'http://gw.test',
  hasKey: true,
  keyStorage: 'file' as const,
  mediaBaseUrl: '/media/',
  libraryDir: '/lib',
  demoAvailable: true,
};

export function fixtureHandlers(overrides: Partial<Record<string, unknown>> = {}): BridgeHandlers {
  const base: SomeHandlers = {
    session: { status: async () => status, useDemo: async () => ({ ...status, mode: 'demo' }) },
    secrets: { setKey: async () => status, clearKey: async () => ({ ...status, hasKey: false }) },
    settings: {
      get: async () => DEFAULT_SETTINGS,
      update: async (patch) => ({ ...DEFAULT_SETTINGS, ...patch }),
      planLibraryMove: async ({ libraryDir }: { libraryDir: string | null }) => ({
        ...{
          from: '/lib',
          to: libraryDir ?? '/lib',
          moves: libraryDir !== null,
          files: 0,
          bytes: 0,
          waiting: 0,
        },
      }),
      libraryMove: async () => ({
        ...{
          state: 'idle',
          from: null,
          to: null,
          files: 0,
          totalFiles: 0,
          bytes: 0,
          totalBytes: 0,
          error: null,
        },
      }),
      switchLibrary: async ({ libraryDir }: { libraryDir: string | null }) => ({
        ...DEFAULT_SETTINGS,
        libraryDir,
      }),
    },
    account: {
      balance: async () => ({ success: false, message: 'token not found' }),
      userBalance: async () => ({
        success: true,
        remainBalance: 1,
        remainCredits: 10,
        usedBalance: 0,
        usedCredits: 0,
      }),
    },
    usage: {
      query: async () => ({
        report: {
          scope: 'key',
          start: 0,
          end: 1,
          tz: 'UTC',
          groupBy: 'none',
          total: { amountUsd: 0, credits: 0, requests: 0, promptTokens: 0, completionTokens: 0 },
          items: [],
        },
        cache: 'miss',
        asOf: 0,
        windows: 1,
      }),
    },
    estimates: {
      submissions: async ({ requests }) => ({
        items: requests.map(() => ({ ...NO_ESTIMATE })),
        totalUsd: null,
        totalCredits: null,
        unknown: requests.length,
      }),
    },
    spending: {
      // No limits set: nothing to ask, nothing refused.
      check: async () => ({
        unit: 'usd',
        timeZone: 'UTC',
        estimate: null,
        unknown: 1,
        unpricedModels: ['image_model_id_i3'],
        confirmAbove: null,
        needsConfirmation: false,
        refusal: null,
      }),
    },
    costs: {
      library: async () => ({ count: 0, usd: null, credits: null, unknown: 0 }),
      // The one sample task, its cost not known yet.
      tasks: async () => ({ count: 1, usd: null, credits: null, unknown: 1, elsewhere: 0 }),
    },
    tasks: {
      submit: async () => sampleTask,
      list: async () => ({ tasks: [sampleTask], total: 1 }),
      stop: async () => ({ ...sampleTask, state: 'stopped' }),
      track: async () => ({ ...sampleTask, state: 'submitted' }),
      rerun: async () => ({ ...sampleTask, id: 'local-2', parentTaskId: 'local-1' }),
    },
    library: {
      query: async () => ({ items: [], total: 0 }),
    },
    desktop: {
      chooseLibraryFolder: async () => ({ path: null }),
      showInFolder: async () => ({ ok: true }),
      startDrag: async () => ({ ok: true }),
    },
    async *events(signal) {
      yield { type: 'task', task: sampleTask };
      if (!signal.aborted) yield { type: 'task', task: { ...sampleTask, state: 'completed', progress: 100 } };
    },
  };
  return completed({ ...base, ...overrides } as SomeHandlers);
}

/** Handlers for some procedures; the fixture answers the rest with a failure naming the procedure. */
type SomeHandlers = {
  [N in keyof BridgeHandlers]?: BridgeHandlers[N] extends (...args: never[]) => unknown
    ? BridgeHandlers[N]
    : Partial<BridgeHandlers[N]>;
};

const unanswered = (path: string) => async () => {
  throw new Error(`the fixture has no answer for ${path}`);
};

/** Fills the gaps from the contract, so adding a procedure never requires touching this file. */
function completed(some: SomeHandlers): BridgeHandlers {
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(bridgeContract)) {
    const given = (some as Record<string, unknown>)[name];
    if ('kind' in entry) {
      out[name] = given ?? unanswered(name);
      continue;
    }
    const namespace: Record<string, unknown> = { ...(given as object | undefined) };
    for (const procedure of Object.keys(entry)) namespace[procedure] ??= unanswered(`${name}.${procedure}`);
    out[name] = namespace;
  }
  // A press is planned by the core's real Press and sent through the doors above (test/bridge/fixture-press.ts).
  if (!some.press) out.press = fixturePress(out as BridgeHandlers);
  return out as BridgeHandlers;
}
