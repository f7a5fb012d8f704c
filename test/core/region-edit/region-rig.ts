// The core as the app composes it, on the demo gateway and the manual clock, fresh for each region-edit test:
// the three region-edit files (the edit itself, its defects, its bad answers) share it rather than each
// building and closing the same parts by hand.
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { composeSimCore } from '../../support/sim-core';
import { ManualClock } from '../../../electron/core/clock';
import type { ComposedCore, CoreParts } from '../../../electron/core/compose-core';
import type { DatabaseSync } from '../../../electron/core/db';
import type { RegionEditRequest } from '../../../electron/core/region-edit/region-editor';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import type { LibraryItem } from '../../../shared/studio/records';
import { tempDir } from '../library/library-fixtures';
import { driveUntil } from '../tasks/engine-rig';

export interface RegionRig {
  readonly clock: ManualClock;
  /** The parts below are made afresh before each test. */
  sim: RunningSimulator;
  dir: string;
  db: DatabaseSync;
  core: ComposedCore;
  /** The items a press keyed `key` filed, once `count` of them are in the library. */
  filedBatch(key: string, count: number): Promise<LibraryItem[]>;
  /** A region edit of one take, sent and filed: the take. */
  oneTake(request: RegionEditRequest & { key: string }): Promise<LibraryItem>;
}

export function useRegionRig(options: {
  seed: number;
  prefix: string;
  parts?: Partial<CoreParts>;
}): RegionRig {
  const clock = new ManualClock(Date.UTC(2026, 10, 29, 9, 0, 0));
  let cleanup: () => Promise<void> = async () => {};
  const rig = {
    clock,
    async filedBatch(key: string, count: number): Promise<LibraryItem[]> {
      const done = () => rig.core.library.query({ batchId: key }).items.length >= count;
      expect(await driveUntil({ clock }, rig.core.engine, done)).toBe(true);
      return rig.core.library.query({ batchId: key }).items;
    },
    async oneTake(request: RegionEditRequest & { key: string }): Promise<LibraryItem> {
      await rig.core.regions.submit(request);
      const [take] = await rig.filedBatch(request.key, 1);
      if (!take) throw new Error('no take');
      return take;
    },
  } as RegionRig;
  beforeEach(async () => {
    rig.sim = await startSimulator({ clock, seed: options.seed });
    const made = await tempDir(options.prefix);
    rig.dir = made.dir;
    cleanup = made.cleanup;
    rig.db = openStudioDatabase(join(rig.dir, 'studio.sqlite'));
    rig.core = composeSimCore(
      { db: rig.db, sim: rig.sim, clock, dir: rig.dir },
      { runQueue: true, ...options.parts },
    );
    await rig.core.engine.start();
  });
  afterEach(async () => {
    rig.core.speech.close();
    await rig.core.engine.close();
    rig.db.close();
    await rig.sim.close();
    await cleanup();
  });
  return rig;
}
