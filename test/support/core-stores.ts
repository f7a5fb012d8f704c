// The studio's stores a library core is handed (the composition root builds them once; a test that composes one
// library core on its own builds them here).
import type { Clock } from '../../electron/core/clock';
import type { DatabaseSync } from '../../electron/core/db';
import { PresetStore } from '../../electron/core/presets';
import { ReferenceStore } from '../../electron/core/references';
import { MadeFromStore } from '../../electron/core/tasks/made-from-store';

export function coreStores(db: DatabaseSync, clock?: Clock) {
  return {
    madeFrom: new MadeFromStore(db),
    presets: new PresetStore({ db, ...(clock ? { clock } : {}) }),
    references: ReferenceStore.forDatabase(db),
  };
}
