// Library sync as the studio runs it: the sync service over the current core's library (rebuilt with it), rounds
// scheduled by SyncScheduler, pause kept across restarts, status told to the events stream with secrets scrubbed.
// Rounds run beside the task engine, never in its way: nothing here is awaited by a submission.
import type { SyncConfig, SyncEvent, SyncReport, SyncStatus, SyncTestResult } from '../../shared/studio/sync';
import type { Clock } from '../core/clock';
import type { Studio } from '../core/compose-studio';
import { lineLogger } from '../core/log';
import type { Library } from '../core/library';
import type { SyncService, SyncServiceOptions } from '../core/sync/sync-service';
import type { CoreLifecycle } from './core-lifecycle';
import { EventFanOut } from './event-fanout';
import { scrubFinding, scrubStatus } from './scrub-secrets';
import { SyncScheduler } from './sync-scheduler';
import type { SecretsPatch, SyncSettings } from './sync-settings';

/** studio: the root that builds each service; proxy: the way out gateway calls take (Settings', the env). */
export interface StudioSyncOptions extends Pick<SyncServiceOptions, 'dataDir' | 'proxy'> {
  studio: Studio;
  core: CoreLifecycle;
  settings: SyncSettings;
  clock: Clock;
  /** Already scrubbed of every secret by the host. */
  log: (message: string) => void;
}

export class StudioSync {
  readonly settings: SyncSettings;
  readonly #options: StudioSyncOptions;
  readonly #events: EventFanOut<SyncEvent>;
  readonly #scheduler: SyncScheduler;
  #current: { library: Library; service: SyncService; off: () => void } | null = null;
  #offCore: (() => void) | null = null;

  constructor(options: StudioSyncOptions) {
    this.#options = options;
    this.settings = options.settings;
    this.#events = new EventFanOut<SyncEvent>(options.log);
    this.#scheduler = new SyncScheduler({
      clock: options.clock,
      log: options.log,
      round: () => this.#round(),
    });
  }

  /** Reads the setup and, unless the user paused it, starts the first round (in the background). */
  async start(): Promise<void> {
    await this.settings.load();
    this.#offCore = this.#options.core.subscribe((event) => {
      // A new result on this device (or one a round just pulled in: the next round then has nothing to do).
      if (event.type === 'library' && event.change === 'added') this.#scheduler.nudge();
    });
    await this.service();
    if (this.settings.config && !this.settings.paused) this.#scheduler.resume();
  }

  /** The service over the library in use now (new when the core was rebuilt on another folder). */
  async service(): Promise<SyncService> {
    const { library } = await this.#options.core.ensure();
    if (this.#current?.library === library) return this.#current.service;
    this.#current?.off();
    await this.#current?.service.close();
    const service = this.#options.studio.sync(library, {
      dataDir: this.#options.dataDir,
      setup: () => this.settings.setup(),
      clock: this.#options.clock,
      logger: lineLogger(this.#options.log),
      proxy: this.#options.proxy,
    });
    if (this.settings.paused) service.pause();
    const off = service.subscribe((status) =>
      this.#events.emit({ type: 'sync', status: scrubStatus(status, this.settings.secretValues()) }),
    );
    this.#current = { library, service, off };
    return service;
  }

  async #round(): Promise<SyncReport | null> {
    if (!this.settings.config) return null;
    return (await this.service()).runRound();
  }

  async status(): Promise<SyncStatus> {
    return scrubStatus((await this.service()).status(), this.settings.secretValues());
  }

  subscribe(listener: (event: SyncEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  /** Tries a config; `create` first makes its missing folder ("Create this folder"). */
  async test(config: SyncConfig, patch: SecretsPatch, create = false): Promise<SyncTestResult> {
    const secrets = this.settings.withPatch(patch);
    const sync = await this.service();
    const tried = create ? sync.createRoot(config, secrets) : sync.testConnection(config, secrets);
    return scrubFinding(await tried, secrets);
  }

  /** Keeps a setup and syncs with it at once (unless paused, or `start` is false); null turns sync off. */
  async save(config: SyncConfig | null, patch: SecretsPatch, start = true): Promise<void> {
    await this.settings.save(config, patch);
    if (config && start && !this.settings.paused) this.#scheduler.resume();
    if (!config) this.#scheduler.pause();
  }

  /** Starts a round now (Sync now); progress and the outcome arrive as status events. */
  async runNow(): Promise<SyncStatus> {
    void this.#scheduler.request();
    return this.status();
  }

  /** Pause (a running round stops at its next safe point) or resume, kept across restarts. */
  async setPaused(paused: boolean): Promise<SyncStatus> {
    await this.settings.setPaused(paused);
    const service = await this.service();
    if (paused) this.#scheduler.pause();
    if (paused) service.pause();
    else service.resume();
    if (!paused && this.settings.config) this.#scheduler.resume();
    return this.status();
  }

  /** Restore from remote. `thenStart`: its setup was kept for it (no round yet), and rounds begin once it ends. */
  async restore(thenStart = false): Promise<SyncReport> {
    try {
      return await this.#scheduler.exclusive(async () => (await this.service()).restore());
    } finally {
      if (thenStart && this.settings.config && !this.settings.paused) this.#scheduler.resume();
    }
  }

  async close(): Promise<void> {
    this.#offCore?.();
    this.#scheduler.pause();
    // The service first: it stops a running round at a safe point, which the scheduler then waits out.
    if (this.#current) {
      this.#current.off();
      await this.#current.service.close();
      this.#current = null;
    }
    await this.#scheduler.close();
  }
}
