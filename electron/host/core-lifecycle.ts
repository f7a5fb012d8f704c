// The core's lifetime: the library, the task engine (with its downloads) and the speech service, built over one
// database and rebuilt when the library folder or the request budget changes, and the fan-out of their events
// to whoever listens (the bridge's events stream, desktop notifications).
import type { StudioEvent } from '../../shared/studio/records';
import type { Clock } from '../core/clock';
import type { DatabaseSync } from '../core/db';
import { Library, libraryFileIndex } from '../core/library';
import { SpeechService } from '../core/speech';
import { TaskEngine } from '../core/tasks';
import { lineLogger } from '../core/log';
import type { BudgetOptions } from '../core/tasks';
import type { SubmissionGuard, TaskHistory } from '../core/tasks/task-history';
import type { GatewayPort } from '../core/gateway/gateway-port';
import type { TrashPort } from '../core/library/trash-port';
import type { MediaSource } from './media-files';
import { isDemoSourceFile } from './demo-sources';

export interface Core {
  libraryDir: string;
  budget: BudgetOptions;
  library: Library;
  engine: TaskEngine;
  speech: SpeechService;
  detach: () => void;
}

export interface CoreLifecycleOptions {
  db: DatabaseSync;
  gateway: GatewayPort;
  clock: Clock;
  /** Read at each ensure(): where the library is and how fast the engine may poll, as settings say now. */
  wanted: () => { libraryDir: string; budget: BudgetOptions };
  log: (message: string) => void;
  /** The gateway in use ('demo' or its base URL): speech takes are served again only on the same gateway. */
  gatewayKey: () => string;
  /** Learns from completions and paces polls by what it learned (the price books). */
  history?: TaskHistory;
  /** The user's spending limits, asked before every submission. */
  guard?: SubmissionGuard;
  /** Where deleted library files go once their undo window ends; the library's .trash folder by default. */
  trash?: TrashPort;
}

/** The settings' requests-per-second as the engine's sliding window; fractions become a longer window. */
export function budgetFor(perSecond: number): BudgetOptions {
  return perSecond >= 1
    ? { requests: Math.round(perSecond), perMs: 1000 }
    : { requests: 1, perMs: Math.round(1000 / perSecond) };
}

export type StudioListener = (event: StudioEvent) => void;

export class CoreLifecycle {
  readonly #options: CoreLifecycleOptions;
  readonly #listeners = new Set<StudioListener>();
  #core: Core | null = null;
  #change: Promise<Core> | null = null;

  constructor(options: CoreLifecycleOptions) {
    this.#options = options;
  }

  /** The core as settings want it now, (re)built if the library folder or the budget changed. */
  async ensure(): Promise<Core> {
    // Concurrent callers during a rebuild wait for it instead of building a second engine.
    while (this.#change) await this.#change.catch(() => undefined);
    const { libraryDir, budget } = this.#options.wanted();
    const core = this.#core;
    if (
      core &&
      core.libraryDir === libraryDir &&
      core.budget.requests === budget.requests &&
      core.budget.perMs === budget.perMs
    ) {
      return core;
    }
    this.#change = this.#rebuild(core, libraryDir, budget);
    try {
      return await this.#change;
    } finally {
      this.#change = null;
    }
  }

  async #rebuild(previous: Core | null, libraryDir: string, budget: BudgetOptions): Promise<Core> {
    if (previous) {
      // Not close(): that would cut a submission in flight, and the new engine would find its row in
      // 'submitting' and mark it interrupted though the gateway created (and charged) the task.
      await previous.engine.handOver();
      previous.detach();
      // Deletions still inside their undo window end now: their files belong to the folder being left.
      await previous.library.bulk.flush();
    }
    const { db, gateway, clock, history, guard, gatewayKey, trash } = this.#options;
    const logger = lineLogger(this.#options.log);
    const library: Library = new Library({
      db,
      dir: libraryDir,
      now: () => clock.now(),
      madeFromOf: (taskId: string): string[] => engine.links(taskId).madeFrom.map((link) => link.taskId),
      timers: clock,
      ...(trash ? { trash } : {}),
      logger,
    });
    // A run stopped inside an undo window left its deleted files pending: on to the trash with them.
    await library.bulk.sweep();
    const downloads = { libraryDir, sink: library };
    const engine = new TaskEngine({
      db,
      gateway,
      clock,
      budget,
      downloads,
      history: history ?? null,
      guard: guard ?? null,
      libraryFiles: libraryFileIndex(library),
      logger,
    });
    const speech = new SpeechService({ gateway, library, db, clock, gatewayKey });
    speech.resumeCosts();
    const emit = (event: StudioEvent): void => this.#emit(event);
    const offEngine = engine.events.subscribe(emit);
    const offLibrary = library.subscribe(emit);
    const next: Core = {
      libraryDir,
      budget,
      library,
      engine,
      speech,
      detach: () => (offEngine(), offLibrary(), speech.close()),
    };
    this.#core = next;
    await engine.start({ handover: previous !== null });
    return next;
  }

  /** The library folder in use: the running core's, or (before one runs) the one settings want. */
  libraryDir(): string {
    return this.#core?.libraryDir ?? this.#options.wanted().libraryDir;
  }

  /** What the media servers may serve now: the running core's folder, and only what its library indexed. */
  media(): MediaSource {
    const library = this.#core?.library ?? null;
    const dir = this.libraryDir();
    return {
      dir,
      // The demo's seeded sources sit beside the library's files, saved by the host (demo-sources.ts).
      isLibraryFile: (path) => (library?.isLibraryFile(path) ?? false) || isDemoSourceFile(dir, path),
    };
  }

  subscribe(listener: StudioListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: StudioEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.#options.log(`host: an event listener failed: ${(error as Error).message}`);
      }
    }
  }

  async close(): Promise<void> {
    const core = this.#core;
    if (!core) return;
    core.detach();
    await core.engine.close();
    // Quitting ends every undo window: the deleted files go to the trash rather than wait in the library.
    await core.library.bulk.flush();
  }
}
