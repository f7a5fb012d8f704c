// The app's core for one library folder and request budget: the composition root's library core (the one the
// CLI builds too), its events sent to one emitter.
import type { StudioEvent } from '../../shared/studio/records';
import type { LibraryCore, Studio } from '../core/compose-studio';
import type { BudgetOptions } from '../core/tasks';

export interface Core extends LibraryCore {
  budget: BudgetOptions;
  /** Stops sending this core's events to the emitter. */
  detach: () => void;
}

export interface CoreLifecycleOptions {
  /** The composition root: it builds each library core and closes what it built. */
  studio: Studio;
  /** Read at each ensure(): where the library is and how fast the engine may poll, as settings say now. */
  wanted: () => { libraryDir: string; budget: BudgetOptions };
  log: (message: string) => void;
}

/** The settings' requests-per-second as the engine's sliding window; fractions become a longer window. */
export function budgetFor(perSecond: number): BudgetOptions {
  return perSecond >= 1
    ? { requests: Math.round(perSecond), perMs: 1000 }
    : { requests: 1, perMs: Math.round(1000 / perSecond) };
}

/** A new core for this library folder and budget, built by the root; the caller starts its engine. */
export function buildCore(
  studio: Studio,
  libraryDir: string,
  budget: BudgetOptions,
  emit: (event: StudioEvent) => void,
): Core {
  const core = studio.libraryCore(libraryDir, budget);
  const offEngine = core.engine.events.subscribe(emit);
  const offLibrary = core.library.subscribe(emit);
  return { ...core, budget, detach: () => (offEngine(), offLibrary()) };
}
