// Test rig for the engine: the simulator and the engine on ONE manual clock, the real gateway client wrapped
// so every request is counted (when and what), and a driver that moves the clock only when
// no request is in flight, so real loopback I/O and simulated time interleave deterministically.
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BusyGauge } from '../../../electron/core/busy-gauge';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db/database';
import type { GatewayPort } from '../../../electron/core/gateway/gateway-port';
import { startSimulator } from '../../../electron/simulator/index';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { GatewayClient } from '../../../electron/core/gateway/gateway-client';
import { ProxyRoute, type AgentProtocol } from '../../../electron/core/proxy/proxy-route';
import { ProxyAgent } from 'proxy-agent';
import type { UsageData } from '../../../shared/gateway/usage';
import { afterEach, beforeEach } from 'vitest';
import { TaskEngine } from '../../../electron/core/tasks/task-engine';
import type { TaskEngineOptions } from '../../../electron/core/tasks/task-engine';
import { composeEngine } from '../../../electron/core/tasks/compose-engine';
import type { EngineParts } from '../../../electron/core/tasks/compose-engine';
import type { StoredTask } from '../../../electron/core/tasks/task-store';
import type { TaskState } from '../../../shared/studio/records';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { RecordingSink } from '../downloads/download-fixtures';

export interface RequestLog {
  kind: 'submit' | 'poll';
  at: number;
  taskId: string | null;
}

/** Forwards to a real port; records each request, and can lose the answer of the next submission. */
export class CountingGateway implements GatewayPort {
  readonly log: RequestLog[] = [];
  /** Each submission's body as the engine handed it to the client, serialised as the client sends it. */
  readonly bodies: string[] = [];
  /** Requests sent and not yet answered: a gateway-only run (the bench's naive poller) waits on it. */
  readonly #inFlight = new BusyGauge();
  loseNextAck = false;
  holdSubmissions = false;
  onSubmit: (() => void) | null = null;

  constructor(
    private readonly inner: GatewayPort,
    private readonly clock: ManualClock,
  ) {}

  get baseUrl(): string | undefined {
    return this.inner.baseUrl;
  }

  get proxy(): GatewayPort['proxy'] {
    return this.inner.proxy;
  }

  currentKey(): Promise<string | null> {
    return this.inner.currentKey?.() ?? Promise.resolve(null);
  }

  uploadImage(...args: Parameters<NonNullable<GatewayPort['uploadImage']>>) {
    if (!this.inner.uploadImage) throw new Error('this gateway has no uploads');
    return this.inner.uploadImage(...args);
  }

  async submit(...args: Parameters<GatewayPort['submit']>): ReturnType<GatewayPort['submit']> {
    this.onSubmit?.();
    this.log.push({ kind: 'submit', at: this.clock.now(), taskId: null });
    this.bodies.push(JSON.stringify(args[1]));
    if (this.holdSubmissions) return new Promise(() => undefined);
    this.#inFlight.enter();
    try {
      const ack = await this.inner.submit(...args);
      if (this.loseNextAck) {
        this.loseNextAck = false;
        throw Object.assign(new Error('socket hang up'), { name: 'ResetError' });
      }
      return ack;
    } finally {
      this.#inFlight.leave();
    }
  }

  async getTask(...args: Parameters<GatewayPort['getTask']>): ReturnType<GatewayPort['getTask']> {
    this.log.push({ kind: 'poll', at: this.clock.now(), taskId: args[0] });
    this.#inFlight.enter();
    try {
      return await this.inner.getTask(...args);
    } finally {
      this.#inFlight.leave();
    }
  }

  speech(...args: Parameters<GatewayPort['speech']>): ReturnType<GatewayPort['speech']> {
    return this.inner.speech(...args);
  }

  async usage(...args: Parameters<NonNullable<GatewayPort['usage']>>): Promise<{ report: UsageData }> {
    if (!this.inner.usage) throw new Error('the inner gateway has no usage()');
    this.#inFlight.enter();
    try {
      return await this.inner.usage(...args);
    } finally {
      this.#inFlight.leave();
    }
  }

  get inFlight(): number {
    return this.#inFlight.count;
  }

  isBusy(): boolean {
    return this.#inFlight.count > 0;
  }

  whenQuiet(): Promise<void> {
    return this.#inFlight.whenZero();
  }

  /** Largest number of requests in any window of perMs. */
  maxInWindow(perMs: number): number {
    let best = 0;
    let start = 0;
    const at = this.log.map((r) => r.at).sort((a, b) => a - b);
    for (let end = 0; end < at.length; end++) {
      while ((at[start] ?? 0) <= (at[end] ?? 0) - perMs) start++;
      best = Math.max(best, end - start + 1);
    }
    return best;
  }
}

/**
 * The direct route with each connection kept open for the next request. The app opens one connection per request
 * (proxy-route.ts); a test whose subject is the engine's pacing of thousands of loopback requests takes this
 * instead, because opening and closing a socket on both ends for each of them was a quarter of its time.
 */
class KeptAliveRoute extends ProxyRoute {
  readonly #agents = new Map<AgentProtocol, ProxyAgent>();

  constructor() {
    super(() => false);
  }

  override agent(protocol: AgentProtocol): ProxyAgent {
    let agent = this.#agents.get(protocol);
    if (!agent) {
      agent = new ProxyAgent({ keepAlive: true, getProxyForUrl: () => '' });
      agent.protocol = protocol;
      this.#agents.set(protocol, agent);
    }
    return agent;
  }
}

export interface GatewayOptions {
  /** Keep connections to the simulator open between requests (KeptAliveRoute says when that is right). */
  keepAlive?: boolean;
}

export interface Rig {
  clock: ManualClock;
  sim: RunningSimulator;
  dir: string;
  dbPath: string;
  gateway(key?: string, options?: GatewayOptions): CountingGateway;
  openDb(): DatabaseSync;
  /** Gives the local task `taskId` the remote id `remoteId` (a seeded task's), as if this app had generated it. */
  ownRemoteTask(taskId: string, remoteId: string): void;
  close(): Promise<void>;
}

/** The engine tests' usual request: an I3 picture of `prompt`, 16:9 at 1K (`extra` adds or replaces settings). */
export const i3 = (prompt = 'a lighthouse at dusk', extra: Record<string, unknown> = {}) => ({
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt, size: '16:9', resolution: '1K', ...extra },
});

/** An upscale of picture `index` of the simulator's seeded grid task, in its fast mode. */
export const seededGridUpscale = (rig: Pick<Rig, 'sim'>, index = 2) => ({
  family: 'grid.upscale' as const,
  model: '',
  params: { task_id: rig.sim.seeds.grid, index, speed: 'fast' },
});

export async function startRig(): Promise<Rig> {
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
  const sim = await startSimulator({ clock, seed: 7 });
  const dir = mkdtempSync(join(tmpdir(), 'studio-engine-'));
  const dbs: DatabaseSync[] = [];
  const openDb = (): DatabaseSync => {
    const db = openStudioDatabase(join(dir, 'studio.sqlite'));
    dbs.push(db);
    return db;
  };
  return {
    clock,
    sim,
    dir,
    dbPath: join(dir, 'studio.sqlite'),
    gateway: (key = sim.keys.default, { keepAlive = false }: GatewayOptions = {}) =>
      new CountingGateway(
        new GatewayClient({
          baseUrl: sim.url,
          apiKey: key,
          clock,
          ...(keepAlive && { proxy: new KeptAliveRoute() }),
        }),
        clock,
      ),
    openDb,
    ownRemoteTask(taskId, remoteId) {
      openDb().prepare('UPDATE tasks SET remote_id = ? WHERE id = ?').run(remoteId, taskId);
    },
    async close() {
      for (const db of dbs) if (db.isOpen) db.close();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An engine, or anything else that can say it is busy and tell when it is not. */
export interface Quietable {
  isBusy(): boolean;
  whenQuiet(): Promise<void>;
}

/**
 * Runs until done() holds: waits for in-flight work to finish (on real time: the simulator answers over
 * loopback) on the engine's own signal (whenQuiet), otherwise jumps the clock to the next timer (or by stepMs
 * when nothing is scheduled). Returns false if it gave up. It never sleeps: every wait is on an event.
 */
export async function driveUntil(
  rig: Pick<Rig, 'clock'>,
  busy: Quietable,
  done: () => boolean,
  { maxSimMs = 3_600_000, stepMs = 1_000 } = {},
): Promise<boolean> {
  const limit = rig.clock.now() + maxSimMs;
  while (!done()) {
    if (rig.clock.now() > limit) return false;
    if (busy.isBusy()) {
      await busy.whenQuiet();
      continue;
    }
    await new Promise((r) => setImmediate(r));
    if (busy.isBusy() || done()) continue;
    const next = rig.clock.nextTimerAt();
    await rig.clock.advanceTo(next ?? rig.clock.now() + stepMs);
  }
  return true;
}

/** What an engine test file shares: a fresh rig for each test, and engines made on it that close after it. */
export interface EngineRig {
  /** This test's rig (a new one for every test). */
  readonly rig: Rig;
  /** An engine on this test's database and clock, downloading into the rig's library with a recording sink. */
  engine(gateway: CountingGateway, extra?: Partial<TaskEngineOptions>): TaskEngine;
  /** The engine's parts, wired as the engine wires them, for testing one part on its own; ended after the test. */
  parts(gateway: CountingGateway, extra?: Partial<TaskEngineOptions>): EngineParts;
}

/**
 * Registers the per-test rig and the closing of every engine made in the test. `defaults` are the file's own
 * engine options (a download backoff, a Retry-After cap), applied under each call's `extra`.
 */
export function useEngineRig(defaults: (rig: Rig) => Partial<TaskEngineOptions> = () => ({})): EngineRig {
  let current: Rig | null = null;
  const engines: TaskEngine[] = [];
  const partSets: EngineParts[] = [];
  beforeEach(async () => {
    current = await startRig();
  });
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.close();
    for (const p of partSets.splice(0)) await p.close();
    await current?.close();
    current = null;
  });
  const rigNow = (): Rig => {
    if (!current) throw new Error('the engine rig exists only inside a test');
    return current;
  };
  const optionsFor = (gateway: CountingGateway, extra: Partial<TaskEngineOptions>): TaskEngineOptions => {
    const rig = rigNow();
    return {
      db: rig.openDb(),
      gateway,
      clock: rig.clock,
      requestTimeoutMs: 2_000,
      downloads: { libraryDir: join(rig.dir, 'library'), sink: new RecordingSink() },
      ...defaults(rig),
      ...extra,
    };
  };
  return {
    get rig() {
      return rigNow();
    },
    engine(gateway, extra = {}) {
      const e = new TaskEngine(optionsFor(gateway, extra));
      engines.push(e);
      return e;
    },
    parts(gateway, extra = {}) {
      const p = composeEngine(optionsFor(gateway, extra));
      partSets.push(p);
      return p;
    },
  };
}

/** What writeRow() writes: an I3 with this prompt unless a whole request is given. */
export interface RowOptions {
  id?: string;
  prompt?: string;
  state?: TaskState;
  request?: { family: FamilyId; model: string; params: Record<string, unknown> };
}

/** A row written straight into the parts' store, in `state`, for testing one part alone. */
export function writeRow(parts: EngineParts, clock: ManualClock, options: RowOptions = {}): StoredTask {
  const { id = 'task-1', prompt = 'a lighthouse at dusk', state = 'submitting' } = options;
  const request = options.request ?? {
    family: 'image.i3',
    model: 'image_model_id_i3',
    params: { prompt, size: '16:9', resolution: '1K' },
  };
  return parts.tasks.store.insert(
    {
      id,
      ...request,
      kind: 'image',
      endpoint: 'tasks',
      webhook: null,
      idempotencyKey: `key-${id}-0000000000`,
      parentTaskId: null,
      createdAt: clock.now(),
      batch: null,
    },
    state,
  );
}
