// A complete BridgeHandlers made of plain values, for testing the router's parsing and error handling alone.
// It decides nothing a real component would: the host tests use the real core.
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { DEFAULT_SETTINGS } from '../../shared/bridge/session-schemas';
import type { TaskRecord } from '../../shared/studio/records';

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
  downloads: { total: 0, done: 0, failed: 0, expired: 0, missing: [] },
  reconciliation: null,
};

const status = {
  mode: 'live' as const,
  baseUrl: 'http://gw.test',
  hasKey: true,
  mediaBaseUrl: '/media/',
  libraryDir: '/lib',
  demoAvailable: true,
};

export function fixtureHandlers(overrides: Partial<Record<string, unknown>> = {}): BridgeHandlers {
  const base: BridgeHandlers = {
    session: { status: async () => status, useDemo: async () => ({ ...status, mode: 'demo' }) },
    secrets: { setKey: async () => status, clearKey: async () => ({ ...status, hasKey: false }) },
    settings: {
      get: async () => DEFAULT_SETTINGS,
      update: async (patch) => ({ ...DEFAULT_SETTINGS, ...patch }),
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
      }),
    },
    tasks: {
      submit: async () => sampleTask,
      list: async () => ({ tasks: [sampleTask], total: 1 }),
      get: async () => sampleTask,
      stop: async () => ({ ...sampleTask, state: 'stopped' }),
      rerun: async () => ({ ...sampleTask, id: 'local-2', parentTaskId: 'local-1' }),
    },
    library: {
      query: async () => ({ items: [], total: 0 }),
      setFavourite: async () => {
        throw new Error('not used');
      },
      setTags: async () => {
        throw new Error('not used');
      },
      delete: async ({ id }) => ({ id, deleted: true }),
    },
    speech: {
      synthesize: async () => {
        throw new Error('not used');
      },
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
  return { ...base, ...overrides } as BridgeHandlers;
}
