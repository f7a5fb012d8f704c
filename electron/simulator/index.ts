// The gateway simulator: a standalone, spec-complete peer for tests and demo mode. Node only.
import type { AddressInfo } from 'node:net';
import { SIM_KEYS } from './accounts';
import { RealClock, type SimClock } from './clock';
import type { Dialect } from './dialects';
import { Faults, type FaultKind, type FaultOptions } from './faults';
import { Fixtures } from './media/fixtures';
import { checkLinkOptions, startFileServer, type LinkOptions } from './links';
import type { UploadOptions } from './routes/uploads';
import { MODEL_LIST_MODES, type ModelListMode } from './routes/models';
import { StateFile } from './persistence';
import { createPrng } from './prng';
import { UsageLimiter } from './routes/usage';
import { plantSeeds, SIM_SEEDS } from './seeds';
import { createSimServer } from './server';
import { SimState } from './state';
import { WebhookSender, type WebhookDelivery } from './webhooks';

export { SIM_KEYS, type SimKeyName } from './accounts';
export { ManualClock, RealClock, type SimClock, type SimTimer } from './clock';
export { FAULT_HEADER, FAULT_KINDS, type FaultKind, type FaultOptions } from './faults';
export { DIALECT_HEADER, DIALECTS, parseDialects, type Dialect } from './dialects';
export { blobByteAt, MAX_BLOB_BYTES } from './files';
export { MODEL_IDS, type ModelId } from './models';
export { SIM_SEEDS } from './seeds';
export type { WebhookDelivery } from './webhooks';
export type { LinkOptions } from './links';
export type { UploadOptions } from './routes/uploads';
export type { ModelListMode } from './routes/models';

export interface SimulatorOptions {
  /** 0 (default) picks a free port. The simulator always binds 127.0.0.1. */
  port?: number;
  /** Seeds ids, the usage history and fault draws. Default 1. */
  seed?: number;
  /** Multiplies every duration: task times, link lifetimes, webhook delays, usage windows. Default 1. */
  timeScale?: number;
  /** Deliver webhooks to loopback, private and non-standard-port URLs (tests, local demos). */
  allowLoopbackWebhooks?: boolean;
  /** Default: the wall clock. Pass a ManualClock to drive time from a test. */
  clock?: SimClock;
  faults?: FaultOptions;
  /** Dialects of the real gateway to speak beyond the spec (dialects.ts). Default none: the spec alone. */
  dialects?: Dialect[];
  /** Where music.mp3, video.mp4 and the speech clips live, if a bundler moved this module. */
  fixturesDir?: string;
  /**
   * Keep tasks, result files, balances and usage in this JSON file and restore them at start (the demo gateway
   * in the app uses one in its data folder, so a restart forgets nothing). Default: memory only.
   */
  stateFile?: string;
  /** Where the simulator reports trouble with its state file. Default console.warn. */
  log?: (message: string) => void;
  /** How result links are handed out: another host, per-file or missing expires_at, a propagation delay. */
  links?: LinkOptions;
  /** Offer POST /v1/uploads/images (seen in public clients). Default off, as the spec does not list it. */
  uploads?: boolean;
  /** Offer GET /v1/models?expand=parameters, and how good its schemas are (seen in public clients). Default off. */
  modelList?: ModelListMode;
}

export interface CreatedTask {
  id: string;
  model: string;
  createdMs: number;
  /** Charged and not refunded: a completed task, or one still running (pre-charged). */
  charged: boolean;
  body: Readonly<Record<string, unknown>>;
}

export interface RunningSimulator {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  port: number;
  clock: SimClock;
  keys: typeof SIM_KEYS;
  seeds: typeof SIM_SEEDS;
  faults: {
    set(options: FaultOptions): void;
    clear(): void;
    /** The next matching calls fail with these faults, in order. */
    enqueue(...kinds: FaultKind[]): void;
    readonly injected: Readonly<Record<FaultKind, number>>;
    /** Resolves once `count` faults of this kind were injected in all: the moment a client met them. */
    whenInjected(kind: FaultKind, count?: number): Promise<void>;
  };
  /** The dialects spoken to every request (a request adds its own with X-Sim-Dialect); changeable at run time. */
  dialects: {
    set(list: readonly Dialect[]): void;
    readonly list: Dialect[];
  };
  /** POST /v1/uploads/images (routes/uploads.ts): offered or not, links that work or not; requests counted. */
  uploads: { set(options: Partial<UploadOptions>): void; readonly requests: number };
  /** GET /v1/models?expand=parameters: off, full, missing-schemas or invalid-schemas (routes/models.ts). */
  modelList: { set(mode: ModelListMode): void };
  /** The result-link switches (links.ts); `filesUrl` is the second host's address. */
  links: { set(options: LinkOptions): void; readonly filesUrl: string };
  webhooks: {
    readonly deliveries: readonly WebhookDelivery[];
    /** Resolves when no webhook request is in flight (let a manual-clock test await the receiver). */
    idle(): Promise<void>;
  };
  /** Settles tasks that became terminal (books charges, queues webhooks); runs before every request anyway. */
  settle(): void;
  /** Every task created so far, seeds included, as tests and the soak count them (duplicates, charges). */
  createdTasks(): readonly CreatedTask[];
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const timeScale = options.timeScale ?? 1;
  if (!(Number.isFinite(timeScale) && timeScale > 0))
    throw new RangeError('timeScale must be a positive number');
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be an integer');
  const clock = options.clock ?? new RealClock();
  const fixtures = new Fixtures(options.fixturesDir);
  fixtures.checkAll();

  const state = new SimState({ clock, seed, timeScale, fixtures });
  state.dialects.set(options.dialects ?? []);
  state.links = checkLinkOptions(options.links ?? {});
  state.uploads = { offered: options.uploads ?? false, brokenLinks: false };
  state.modelList = options.modelList ?? 'off';
  plantSeeds(state);
  const stateFile = options.stateFile ? new StateFile(options.stateFile, options.log) : null;
  if (stateFile) {
    // A first start writes the fresh state at once, so the seeded history and balances are the ones kept.
    if (!stateFile.restoreInto(state)) stateFile.write(state);
    stateFile.follow(state);
  }
  const faults = new Faults(createPrng(seed ^ 0xfa017), options.faults);
  const webhooks = new WebhookSender(state, options.allowLoopbackWebhooks ?? false);
  state.onTerminal((task) => webhooks.taskTerminal(task));

  const { server, sockets } = createSimServer({
    state,
    faults,
    usageLimiter: new UsageLimiter(state),
    info: () => ({
      keys: SIM_KEYS,
      seeds: SIM_SEEDS,
      timeScale,
      seed,
      allowLoopbackWebhooks: options.allowLoopbackWebhooks ?? false,
      dialects: state.dialects.list,
    }),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  state.baseUrl = `http://127.0.0.1:${port}`;
  webhooks.ownOrigin = state.baseUrl;
  const fileHost = await startFileServer((id, range, signature) => state.serveFile(id, range, signature));
  state.filesUrl = fileHost.url;

  // Task state is clock-derived; settlement (charges, ledger, webhooks) also runs after every clock jump.
  const stopAdvance = clock.onAdvance(() => state.settle());

  return {
    url: state.baseUrl,
    port,
    clock,
    keys: SIM_KEYS,
    seeds: SIM_SEEDS,
    faults: {
      set: (o) => faults.set(o),
      clear: () => faults.clear(),
      enqueue: (...kinds) => faults.enqueue(...kinds),
      whenInjected: (kind, count) => faults.whenInjected(kind, count),
      get injected() {
        return faults.injected;
      },
    },
    modelList: {
      set: (mode) => {
        if (!MODEL_LIST_MODES.includes(mode))
          throw new RangeError(`modelList is ${MODEL_LIST_MODES.join(', ')}`);
        state.modelList = mode;
      },
    },
    dialects: {
      set: (list) => state.dialects.set(list),
      get list() {
        return state.dialects.list;
      },
    },
    uploads: {
      set: (o) => {
        state.uploads = { ...state.uploads, ...o };
      },
      get requests() {
        return state.uploadRequests;
      },
    },
    links: {
      set: (o) => {
        state.links = checkLinkOptions({ ...state.links, ...o });
      },
      filesUrl: fileHost.url,
    },
    webhooks: {
      get deliveries() {
        return webhooks.deliveries;
      },
      idle: () => webhooks.idle(),
    },
    settle: () => state.settle(),
    createdTasks: () =>
      state.tasks.all().map((t) => ({
        id: t.id,
        model: t.model,
        createdMs: t.createdMs,
        charged: t.failure === null,
        body: t.body,
      })),
    close: async () => {
      stopAdvance();
      webhooks.stop();
      state.stop();
      stateFile?.flush(state);
      await fileHost.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
