// Library sync as the studio runs it: the sync service over the current core's library (built again when the
// library folder changes), its rounds scheduled by SyncScheduler (at start, after new results, every few
// minutes), pause and resume kept across restarts, and its status told to the events stream with every secret
// scrubbed out. Rounds run beside the task engine, never in its way: nothing here is awaited by a submission.
import type { LibraryItem } from '../../shared/studio/records';
import type { SyncConfig, SyncEvent, SyncReport, SyncStatus, SyncTestResult } from '../../shared/studio/sync';
import type { Clock } from '../core/clock';
import type { DatabaseSync } from '../core/db';
import { lineLogger } from '../core/log';
import type { Library } from '../core/library';
import { SyncService } from '../core/sync/sync-service';
import type { CoreLifecycle } from './core-lifecycle';
import { EventFanOut } from './event-fanout';
import { scrubText } from './scrub-secrets';
import { SyncScheduler } from './sync-scheduler';
import type { SecretsPatch, SyncSettings } from './sync-settings';

export interface StudioSyncOptions {
  core: CoreLifecycle;
  /** The database every core is built over: the sync's own tables sit beside the library's. */
  db: DatabaseSync;
  settings: SyncSettings;
  dataDir: string;
  clock: Clock;
  /** Already scrubbed of every secret by the host. */
  log: (message: string) => void;
  /** Scheduling, shortened by tests. */
  intervalMs?: number;
  debounceMs?: number;
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
      ...(options.intervalMs !== undefined && { intervalMs: options.intervalMs }),
      ...(options.debounceMs !== undefined && { debounceMs: options.debounceMs }),
    });
  }

  /** Reads the setup and, unless the user paused it, starts the first round (in the background). */
  async start(): Promise<void> {
    await this.settings.load();
    this.#offCore = this.#options.core.subscribe((event) => {
      // A new result on this device (or one a round just pulled in: the next round then has nothing to do).
      if (event.type === 'library' && event.change === 'added') this.#scheduler.nudge();
    });
    await this.#service();
    if (this.settings.config && !this.settings.paused) this.#scheduler.resume();
  }

  /** The service over the library in use now; a new one when the core was rebuilt on another folder. */
  async #service(): Promise<SyncService> {
    const { library } = await this.#options.core.ensure();
    if (this.#current?.library === library) return this.#current.service;
    if (this.#current) {
      this.#current.off();
      await this.#current.service.close();
    }
    const service = new SyncService({
      db: this.#options.db,
      library,
      dataDir: this.#options.dataDir,
      setup: () => this.settings.setup(),
      clock: this.#options.clock,
      logger: lineLogger(this.#options.log),
    });
    if (this.settings.paused) service.pause();
    const off = service.subscribe((status) => this.#events.emit({ type: 'sync', status: this.#clean(status) }));
    this.#current = { library, service, off };
    return service;
  }

  async #round(): Promise<SyncReport | null> {
    if (!this.settings.config) return null;
    return (await this.#service()).runRound();
  }

  /** A problem sentence with any secret in it masked (a server may echo a URL with its password). */
  #clean(status: SyncStatus): SyncStatus {
    const secrets = this.settings.secretValues();
    return { ...status, problem: status.problem === null ? null : scrubText(status.problem, secrets) };
  }

  async status(): Promise<SyncStatus> {
    return this.#clean((await this.#service()).status());
  }

  subscribe(listener: (event: SyncEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  async test(config: SyncConfig, patch: SecretsPatch): Promise<SyncTestResult> {
    const result = await (await this.#service()).testConnection(config, this.settings.withPatch(patch));
    return result.ok ? result : { ...result, message: scrubText(result.message, this.#patchValues(patch)) };
  }

  #patchValues(patch: SecretsPatch): string[] {
    return [...this.settings.secretValues(), patch.secret ?? '', patch.passphrase ?? ''];
  }

  /** Keeps a setup and syncs with it at once (unless paused); null turns sync off. */
  async save(config: SyncConfig | null, patch: SecretsPatch): Promise<void> {
    await this.settings.save(config, patch);
    if (config && !this.settings.paused) this.#scheduler.resume();
    if (!config) this.#scheduler.pause();
  }

  /** Starts a round now (Sync now); progress and the outcome arrive as status events. */
  async runNow(): Promise<SyncStatus> {
    void this.#scheduler.request();
    return this.status();
  }

  async pause(): Promise<SyncStatus> {
    await this.settings.setPaused(true);
    this.#scheduler.pause();
    (await this.#service()).pause();
    return this.status();
  }

  async resume(): Promise<SyncStatus> {
    await this.settings.setPaused(false);
    (await this.#service()).resume();
    if (this.settings.config) this.#scheduler.resume();
    return this.status();
  }

  async restore(): Promise<SyncReport> {
    return (await this.#service()).restore();
  }

  async fetchFile(itemId: string): Promise<LibraryItem> {
    return (await this.#service()).fetchFile(itemId);
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
