// The composition of the studio behind the bridge: settings and key, the gateway client (rebuilt when either
// changes), the task engine with its downloads, the library and speech, and the demo gateway. It implements
// BridgeHandlers by delegating, and knows nothing of Electron or HTTP: both transports plug into `handlers`.
import { join } from 'node:path';
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { BridgeError, notFound } from '../../shared/bridge/errors';
import type { BridgeEvent } from '../../shared/bridge/record-schemas';
import type { SessionStatus, Settings, SettingsPatch } from '../../shared/bridge/session-schemas';
import type { UsageResult } from '../../shared/bridge/account-schemas';
import type { StudioEvent } from '../../shared/studio/records';
import { modelConfigFromOverrides } from '../../shared/catalog/families';
import type { ModelConfig } from '../../shared/catalog/types';
import { systemClock } from '../core/clock';
import type { Clock } from '../core/clock';
import { openDatabase } from '../core/db';
import type { DatabaseSync } from '../core/db';
import { Library } from '../core/library';
import type { SecretStore, SettingsStore } from '../core/settings/settings-store';
import { SpeechService } from '../core/speech';
import { TaskEngine } from '../core/tasks';
import type { BudgetOptions } from '../core/tasks';
import { startSimulator, SIM_KEYS } from '../simulator';
import type { RunningSimulator, SimulatorOptions } from '../simulator';
import { eventStream } from './event-stream';
import { toBridgeItem } from './library-view';
import { scrubbed } from './scrub-secrets';
import { notConfigured, SwitchableGateway } from './studio-gateway';
import type { GatewayFactory, StudioGateway } from './studio-gateway';

/** What only the desktop shell can do; main.ts provides it from electron/platform, web mode does not. */
export interface DesktopActions {
  chooseFolder(current: string): Promise<string | null>;
  showInFolder(path: string): void;
  startDrag(path: string): void;
}

export interface StudioHostOptions {
  /** Where the database (and, unless settings say otherwise, the library) lives. */
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  /** How this transport serves library files: studio-media://library/ or /media/. */
  mediaBaseUrl: string;
  /** Builds a gateway client for a base URL and key. */
  createGateway: GatewayFactory;
  clock?: Clock;
  /**
   * Whether the in-process demo gateway may be used: 'lazy' starts it when first chosen (the desktop app offers
   * it on first run), 'eager' starts it with the host (web mode's --demo), 'off' refuses session.useDemo.
   */
  demo?: 'lazy' | 'eager' | 'off';
  /** The demo gateway's pace (tests run it faster) and, in a bundled app, where its media fixtures are. */
  simulator?: Pick<SimulatorOptions, 'timeScale' | 'seed' | 'fixturesDir'>;
  desktop?: DesktopActions;
  /** Told after every settings.update (main.ts relabels its menus when the language changes). */
  onSettingsChanged?: (settings: Settings) => void;
  log?: (message: string) => void;
}

export interface StudioHost {
  handlers: BridgeHandlers;
  /** Core events as they happen (desktop notifications listen here). */
  subscribe(listener: (event: StudioEvent) => void): () => void;
  libraryDir(): string;
  settings(): Settings;
  close(): Promise<void>;
}

interface Core {
  libraryDir: string;
  budget: BudgetOptions;
  library: Library;
  engine: TaskEngine;
  speech: SpeechService;
  detach: () => void;
}

/** The settings' requests-per-second as the engine's sliding window; fractions become a longer window. */
export function budgetFor(perSecond: number): BudgetOptions {
  return perSecond >= 1
    ? { requests: Math.round(perSecond), perMs: 1000 }
    : { requests: 1, perMs: Math.round(1000 / perSecond) };
}

export async function createStudioHost(options: StudioHostOptions): Promise<StudioHost> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((m: string) => console.warn(m));
  const { settings, secrets } = options;
  const db: DatabaseSync = openDatabase(join(options.dataDir, 'studio.db'));
  const gateway = new SwitchableGateway();
  const listeners = new Set<(event: StudioEvent) => void>();
  const demoPolicy = options.demo ?? 'lazy';
  let simulator: RunningSimulator | null = null;
  let simulatorStart: Promise<RunningSimulator> | null = null;
  let liveKey: string | null = null;
  let core: Core | null = null;
  let closed = false;

  const emit = (event: StudioEvent): void => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        log(`host: an event listener failed: ${(error as Error).message}`);
      }
    }
  };

  const libraryDirOf = (s: Settings): string => s.libraryDir ?? join(options.dataDir, 'library');
  const inDemo = (): boolean => demoPolicy !== 'off' && settings.get().demo;

  /** (Re)builds library, engine and speech when the library folder or the request budget changes. */
  let coreChange: Promise<Core> | null = null;
  async function ensureCore(): Promise<Core> {
    // Concurrent callers during a rebuild wait for it instead of building a second engine.
    while (coreChange) await coreChange.catch(() => undefined);
    const s = settings.get();
    const libraryDir = libraryDirOf(s);
    const budget = budgetFor(s.pollBudgetPerSecond);
    if (
      core &&
      core.libraryDir === libraryDir &&
      core.budget.requests === budget.requests &&
      core.budget.perMs === budget.perMs
    ) {
      return core;
    }
    const previous = core;
    coreChange = (async () => {
      if (previous) {
        previous.detach();
        await previous.engine.close();
      }
      const library = new Library({ db, dir: libraryDir, now: () => clock.now() });
      const engine = new TaskEngine({ db, gateway, clock, budget, downloads: { libraryDir, sink: library } });
      const speech = new SpeechService({ gateway, library });
      const offEngine = engine.events.subscribe(emit);
      const offLibrary = library.subscribe(emit);
      const next: Core = {
        libraryDir,
        budget,
        library,
        engine,
        speech,
        detach: () => (offEngine(), offLibrary()),
      };
      core = next;
      await engine.start();
      return next;
    })();
    try {
      return await coreChange;
    } finally {
      coreChange = null;
    }
  }

  /** The model ids the settings override, so the client validates with the same rules as the forms. */
  const models = (): ModelConfig => modelConfigFromOverrides(settings.get().modelOverrides);

  /** Points the gateway at the simulator, the configured gateway, or nothing. */
  async function refreshGateway(): Promise<void> {
    if (demoPolicy === 'eager' || inDemo()) {
      simulatorStart ??= startSimulator({ ...options.simulator });
      simulator = await simulatorStart;
    }
    if (simulator && inDemo()) {
      liveKey = null;
      gateway.set(options.createGateway({ baseUrl: simulator.url, apiKey: SIM_KEYS.default, models }));
      return;
    }
    const baseUrl = settings.get().baseUrl;
    liveKey = await secrets.getKey();
    gateway.set(baseUrl && liveKey ? options.createGateway({ baseUrl, apiKey: liveKey, models }) : null);
  }

  async function status(): Promise<SessionStatus> {
    const s = settings.get();
    const hasKey = await secrets.hasKey();
    const demo = inDemo();
    return {
      mode: demo ? 'demo' : s.baseUrl && hasKey ? 'live' : 'unconfigured',
      baseUrl: demo ? (simulator?.url ?? null) : s.baseUrl,
      hasKey: demo ? true : hasKey,
      mediaBaseUrl: options.mediaBaseUrl,
      libraryDir: libraryDirOf(s),
      demoAvailable: demoPolicy !== 'off',
    };
  }

  function connected(): StudioGateway {
    if (!gateway.configured) throw notConfigured();
    return gateway;
  }

  async function updateSettings(patch: SettingsPatch): Promise<Settings> {
    const next = await settings.update(patch);
    await refreshGateway();
    await ensureCore();
    options.onSettingsChanged?.(next);
    return next;
  }

  function desktopOnly(): DesktopActions {
    if (options.desktop) return options.desktop;
    throw new BridgeError({
      type: 'unsupported',
      code: 'unsupported',
      message: 'This needs the desktop app; the browser cannot do it.',
    });
  }

  /** Paths come from the library's own rows, never from the renderer. */
  async function libraryPath(id: string): Promise<string> {
    const found = (await ensureCore()).library.get(id);
    if (!found) throw notFound('library item', id);
    return found.path;
  }

  await refreshGateway();
  await ensureCore();

  // Whatever the gateway or the core says, the key and the simulator's key never leave in an error.
  const secretValues = (): string[] => [liveKey, SIM_KEYS.default].filter((k): k is string => !!k);
  const guard = <T extends Record<string, (...args: never[]) => unknown>>(ns: T): T =>
    scrubbed(ns, secretValues);
  const item = (i: Parameters<typeof toBridgeItem>[0]) =>
    toBridgeItem(i, core?.libraryDir ?? libraryDirOf(settings.get()));

  const handlers: BridgeHandlers = {
    session: guard({
      status,
      useDemo: async () => {
        if (demoPolicy === 'off') {
          throw new BridgeError({
            type: 'demo_unavailable',
            code: 'demo_unavailable',
            message: 'The demo gateway is not available here: start web mode with --demo.',
          });
        }
        await settings.update({ demo: true, onboarded: true });
        await refreshGateway();
        return status();
      },
    }),
    secrets: guard({
      setKey: async ({ key }) => {
        await secrets.setKey(key);
        // Entering a key is choosing one's own gateway over the demo.
        await settings.update({ demo: false, ...(settings.get().baseUrl ? { onboarded: true } : {}) });
        await refreshGateway();
        return status();
      },
      clearKey: async () => {
        await secrets.clearKey();
        await refreshGateway();
        return status();
      },
    }),
    settings: guard({
      get: async () => settings.get(),
      update: updateSettings,
    }),
    account: guard({
      balance: () =>
        orBalanceFailure(async () => {
          const b = await connected().tokenBalance();
          const unlimited = b.unlimited_quota;
          return {
            success: true as const,
            unlimited,
            remainBalance: unlimited ? null : b.remain_balance,
            remainCredits: unlimited ? null : b.remain_credits,
            usedBalance: b.used_balance,
            usedCredits: b.used_credits,
          };
        }),
      userBalance: () =>
        orBalanceFailure(async () => {
          const b = await connected().userBalance();
          return {
            success: true as const,
            remainBalance: b.remain_balance,
            remainCredits: b.remain_credits,
            usedBalance: b.used_balance,
            usedCredits: b.used_credits,
          };
        }),
    }),
    usage: guard({
      query: async (query): Promise<UsageResult> => {
        const { report: data, cache } = await connected().usage({
          ...(query?.start !== undefined && { start: query.start }),
          ...(query?.end !== undefined && { end: query.end }),
          ...(query?.models && { model: query.models }),
          ...(query?.groupBy && { group_by: query.groupBy }),
          ...(query?.tz && { tz: query.tz }),
          ...(query?.scope && { scope: query.scope }),
        });
        const stats = (s: typeof data.total) => ({
          amountUsd: s.amount_usd,
          credits: s.credits,
          requests: s.requests,
          promptTokens: s.prompt_tokens,
          completionTokens: s.completion_tokens,
        });
        return {
          report: {
            scope: data.scope,
            start: data.start,
            end: data.end,
            tz: data.tz,
            groupBy: data.group_by,
            total: stats(data.total),
            items: data.items.map((i) => ({
              ...stats(i),
              ...(i.model !== undefined && { model: i.model }),
              ...(i.date !== undefined && { date: i.date }),
            })),
          },
          cache,
        };
      },
    }),
    tasks: guard({
      submit: async (request) => {
        connected();
        return (await ensureCore()).engine.submit(request);
      },
      list: async (query) => {
        const engine = (await ensureCore()).engine;
        const states = query?.states;
        const all = engine.list(states ? { states } : {});
        const offset = query?.offset ?? 0;
        const limit = query?.limit ?? 200;
        return { tasks: all.slice(offset, offset + limit), total: all.length };
      },
      get: async ({ id }) => {
        const task = (await ensureCore()).engine.get(id);
        if (!task) throw notFound('task', id);
        return task;
      },
      stop: async ({ id }) => {
        const engine = (await ensureCore()).engine;
        if (!engine.get(id)) throw notFound('task', id);
        return engine.stop(id);
      },
      rerun: async ({ id }) => {
        const engine = (await ensureCore()).engine;
        if (!engine.get(id)) throw notFound('task', id);
        connected();
        return engine.rerun(id);
      },
    }),
    library: guard({
      query: async (query) => {
        const page = (await ensureCore()).library.query(query ?? {});
        return { items: page.items.map(item), total: page.total };
      },
      setFavourite: async ({ id, favourite }) => {
        const updated = (await ensureCore()).library.update(id, { favourite });
        if (!updated) throw notFound('library item', id);
        return item(updated);
      },
      setTags: async ({ id, tags }) => {
        const updated = (await ensureCore()).library.update(id, { tags });
        if (!updated) throw notFound('library item', id);
        return item(updated);
      },
      delete: async ({ id }) => ({ id, deleted: await (await ensureCore()).library.delete(id) }),
    }),
    speech: guard({
      synthesize: async (request) => {
        connected();
        return item(await (await ensureCore()).speech.synthesize(request));
      },
    }),
    desktop: guard({
      chooseLibraryFolder: async () => ({
        path: await desktopOnly().chooseFolder(core?.libraryDir ?? libraryDirOf(settings.get())),
      }),
      showInFolder: async ({ id }) => {
        desktopOnly().showInFolder(await libraryPath(id));
        return { ok: true as const };
      },
      startDrag: async ({ id }) => {
        desktopOnly().startDrag(await libraryPath(id));
        return { ok: true as const };
      },
    }),
    events: (signal) =>
      eventStream<BridgeEvent>(
        (listener) => {
          const forward = (event: StudioEvent): void =>
            listener(event.type === 'library' ? { ...event, item: item(event.item) } : event);
          listeners.add(forward);
          return () => listeners.delete(forward);
        },
        signal,
        { droppable: (e) => e.type === 'download' },
      ),
  };

  return {
    handlers,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    libraryDir: () => core?.libraryDir ?? libraryDirOf(settings.get()),
    settings: () => settings.get(),
    async close() {
      if (closed) return;
      closed = true;
      if (core) {
        core.detach();
        await core.engine.close();
      }
      await simulator?.close();
      db.close();
    },
  };
}

/** [EP-TBAL-2], [EP-UBAL-2] A balance lookup answering success:false is an answer to show, not a failure. */
async function orBalanceFailure<T>(read: () => Promise<T>): Promise<T | { success: false; message: string }> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BridgeError) throw error;
    const e = error as { type?: unknown; message?: unknown } | null;
    if (e && e.type === 'balance_lookup_failed' && typeof e.message === 'string') {
      return { success: false, message: e.message };
    }
    throw error;
  }
}
