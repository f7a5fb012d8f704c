// The recipe runner's test rig: one process's core and runner on a simulator rig's database (what the host
// builds, without the window), and a clock driver that also waits for a picture decoded into a reference.
import { coreStores } from '../../support/core-stores';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { composeCore } from '../../../electron/core/compose-core';
import { lineLogger } from '../../../electron/core/log';
import { JobRunner } from '../../../electron/core/jobs';
import { RecipeRunner, RecipeRunStore } from '../../../electron/core/recipes';
import { ReferenceStore } from '../../../electron/core/references/reference-store';
import type { RecipeDraft, RecipeRun } from '../../../shared/studio/recipes';
import { driveUntil, startRig, type CountingGateway, type Rig } from '../tasks/engine-rig';

export const pictureThenVideo = (videoPrompt = 'slow push in'): RecipeDraft => ({
  name: 'Picture to video',
  steps: [
    { family: 'image.i3', model: 'image_model_id_i3', params: { size: '16:9', resolution: '1K' } },
    {
      family: 'video.s',
      model: 'video_model_id_s',
      params: { prompt: videoPrompt, duration: 5 },
      bind: 'image',
    },
  ],
});

export const submissions = (...gateways: CountingGateway[]) =>
  gateways.reduce((n, g) => n + g.log.filter((r) => r.kind === 'submit').length, 0);

/**
 * A fresh rig for each test, and every process booted on it closed after the test. `runQueue`: the engine
 * sends the queue, as the app's does, so each step waits in it.
 */
export function recipeRig({ runQueue = false }: { runQueue?: boolean } = {}) {
  let current: Rig | null = null;
  const booted: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    current = await startRig();
  });
  afterEach(async () => {
    for (const b of booted.splice(0)) await b.close();
    await current?.close();
  });
  const rig = (): Rig => {
    if (!current) throw new Error('no rig outside a test');
    return current;
  };

  /** One process's core and runner on the rig's database. */
  async function boot(gateway: CountingGateway = rig().gateway()) {
    const db = rig().openDb();
    const core = composeCore({
      db,
      ...coreStores(db, rig().clock),
      gateway,
      clock: rig().clock,
      libraryDir: join(rig().dir, 'library'),
      logger: lineLogger(() => undefined),
      gatewayKey: () => rig().sim.url,
      history: null,
      guard: null,
      runQueue,
    });
    const references = ReferenceStore.forDatabase(db);
    // The studio's durable jobs, as the root builds them: each kept run is a job of this process.
    const jobs = new JobRunner({ db, clock: rig().clock });
    // A picture becoming the next step's reference is decoded in full (real time, off the rig's clock): a test
    // that drives the clock waits for these too.
    const converting = new Set<Promise<string>>();
    const runner = new RecipeRunner({
      engine: async () => core.engine,
      itemsOf: async (taskId) => core.library.forTask(taskId),
      asReference: (item) => {
        const uri = references.addFile(item.path, { link: true }).then((r) => r.uri);
        converting.add(uri);
        void uri.then(
          () => converting.delete(uri),
          () => converting.delete(uri),
        );
        return uri;
      },
      durable: { store: new RecipeRunStore(db), jobs },
      clock: rig().clock,
    });
    await core.engine.start();
    jobs.start();
    const process = {
      ...core,
      gateway,
      runner,
      jobs,
      converting,
      /** What the host does on quitting: the runner stops keeping runs, then the engine stops. */
      async close() {
        runner.close();
        await jobs.close();
        core.speech.close();
        await core.engine.close();
      },
    };
    booted.push(process);
    return process;
  }

  type Booted = Awaited<ReturnType<typeof boot>>;

  /**
   * What the clock driver waits for before it moves the rig's clock: the engine's work, and a picture being
   * decoded into the next step's reference (real time, off the clock). While one is decoding it waits for that
   * alone: a quiet engine answers at once, and a loop of answered promises would never let the decode's
   * callback run.
   */
  function busyOf(p: Booted, alsoQuietWhen?: Promise<void>) {
    return {
      isBusy: () => p.engine.isBusy() || p.converting.size > 0,
      whenQuiet: async (): Promise<void> => {
        if (p.converting.size > 0) await Promise.race([...p.converting]);
        else await Promise.race([p.engine.whenQuiet(), ...(alsoQuietWhen ? [alsoQuietWhen] : [])]);
      },
    };
  }

  /** Drives the clock until `done(run)`, and answers the run then. */
  async function until(p: Booted, runId: string, done: (run: RecipeRun) => boolean): Promise<RecipeRun> {
    const current = () => p.runner.get(runId);
    expect(
      await driveUntil(rig(), busyOf(p), () => {
        const run = current();
        return run !== null && done(run);
      }),
    ).toBe(true);
    return current() as RecipeRun;
  }

  return { rig, boot, busyOf, until };
}
