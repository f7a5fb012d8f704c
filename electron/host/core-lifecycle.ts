// The core's lifetime: the library, the task engine (with its downloads) and the speech service, built over one
// database and rebuilt when the library folder or the request budget changes, and the fan-out of their events
// to whoever listens (event-fanout.ts).
import type { StudioEvent } from '../../shared/studio/records';
import type { BudgetOptions } from '../core/tasks';
import { buildCore } from './build-core';
import type { Core, CoreLifecycleOptions } from './build-core';
import type { MediaSource } from './media-files';
import { isDemoSourceFile } from './demo-sources';
import { EventFanOut } from './event-fanout';
import type { StudioListener } from './event-fanout';

export { budgetFor } from './build-core';
export type { Core, CoreLifecycleOptions } from './build-core';

export class CoreLifecycle {
  readonly #options: CoreLifecycleOptions;
  readonly #events: EventFanOut;
  #core: Core | null = null;
  #change: Promise<Core> | null = null;

  constructor(options: CoreLifecycleOptions) {
    this.#options = options;
    this.#events = new EventFanOut(options.log);
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
    if (previous) await this.#retire(previous);
    return this.#build(libraryDir, budget, previous !== null);
  }

  async #retire(previous: Core): Promise<void> {
    // Handed over, not closed (the root's handOver: no submission in flight is cut), and its deletions still
    // inside their undo window end now: their files belong to the folder being left.
    await previous.handOver();
    previous.detach();
  }

  async #build(libraryDir: string, budget: BudgetOptions, handover: boolean): Promise<Core> {
    const emit = (event: StudioEvent): void => this.#events.emit(event);
    const next = buildCore(this.#options.studio, libraryDir, budget, emit);
    // A run stopped inside an undo window left its deleted files pending: on to the trash with them.
    await next.library.bulk.sweep();
    this.#core = next;
    await next.engine.start({ handover });
    return next;
  }

  /**
   * Runs `work` (moving the library's files and index) while no engine writes to the library and nothing is
   * served from it, then builds the core for the folder settings name afterwards: the new one when the work
   * succeeded, the old one when it threw (which is thrown again once the core runs).
   */
  async relocate(work: () => Promise<void>): Promise<Core> {
    while (this.#change) await this.#change.catch(() => undefined);
    const previous = this.#core;
    let failure: { error: unknown } | null = null;
    this.#change = (async () => {
      if (previous) await this.#retire(previous);
      this.#core = null;
      await work().catch((error: unknown) => (failure = { error }));
      const { libraryDir, budget } = this.#options.wanted();
      return this.#build(libraryDir, budget, previous !== null);
    })();
    try {
      const core = await this.#change;
      if (failure) throw (failure as { error: unknown }).error;
      return core;
    } finally {
      this.#change = null;
    }
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
    return this.#events.subscribe(listener);
  }

  /** Stops telling the core's events: the root's close() ends the core itself, with everything it built. */
  detach(): void {
    this.#core?.detach();
  }
}
