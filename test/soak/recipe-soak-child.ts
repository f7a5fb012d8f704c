// One life of the app's recipe runner in the recipe soak: opens the shared database with the app's engine (it
// sends the queue, so each step waits in it), saves the recipe and starts one run per prompt on its first life
// (runs of a saved recipe, as the app's Recipes panel starts them), resumes the kept runs on every later one,
// and runs until no run is going and every task settled, or until the parent kills it with SIGKILL. Run with
// `node --import tsx` (or its build: test/support/child-entry.ts). Prints {"type":"ready"} once started and {"type":"done"} at the end.
import { systemClock } from '../../electron/core/clock';
import { JobRunner } from '../../electron/core/jobs';
import { RecipeRunner, RecipeRunStore, RecipeStore } from '../../electron/core/recipes';
import { ReferenceStore } from '../../electron/core/references/reference-store';
import { isTerminalState } from '../../shared/studio/records';
import type { RecipeDraft } from '../../shared/studio/recipes';
import { say, soakLife, type SoakLifeConfig } from './soak-life';

interface ChildConfig extends SoakLifeConfig {
  runs: number;
}

/** Step 1's prompt is the run's ("soak-0003 …"); step 2's says which run it belongs to after its own tag. */
export const SOAK_RECIPE: RecipeDraft = {
  name: 'Soak: picture to video',
  steps: [
    { family: 'image.i3', model: 'image_model_id_i3', params: { size: '16:9', resolution: '1K' } },
    {
      family: 'video.s',
      model: 'video_model_id_s',
      params: { prompt: 'step2 of {prompt}', duration: 5 },
      bind: 'image',
    },
  ],
};

const config = JSON.parse(process.env.SOAK_CONFIG ?? '{}') as ChildConfig;
const { db, engine, library } = soakLife(config, { runQueue: true, reconcileAfterMs: 60_000 });
const references = ReferenceStore.forDatabase(db);
const store = new RecipeRunStore(db);
// The studio's durable jobs, as the app's root builds them: each run is a job, resumed once after a kill.
const jobs = new JobRunner({ db, clock: systemClock });
const runner = new RecipeRunner({
  durable: { store, jobs },
  engine: async () => engine,
  itemsOf: async (taskId) => library.forTask(taskId),
  asReference: async (item) => (await references.addFile(item.path, { link: true })).uri,
});
await engine.start();
jobs.start();
// The first life is the one that finds no saved recipe (saving it and starting the runs are one press).
const recipes = new RecipeStore({ db });
if (recipes.list().length === 0) {
  const saved = recipes.save(SOAK_RECIPE);
  runner.start(saved, {
    prompts: Array.from({ length: config.runs }, (_, k) => `soak-${String(k).padStart(4, '0')} a lighthouse`),
  });
} else runner.resume();
say({ type: 'ready' });

const isDone = (): boolean =>
  runner.list().every((r) => r.state !== 'running') &&
  engine.list().every((t) => isTerminalState(t.state) && (t.state !== 'completed' || engine.isSettled(t)));
await new Promise<void>((resolve) => {
  const check = (): void => {
    if (isDone()) resolve();
  };
  engine.events.subscribe(check);
  // Held, not unref'd: the app's event loop never empties, and neither may this stand-in's. Unref'd, a life in
  // which every pending wait was itself unref'd emptied the loop and Node ended with exit 13 (an unsettled
  // top-level await) instead of waiting to be killed or finishing.
  setInterval(check, 500);
  check();
});
runner.close();
await engine.close();
db.close();
say({ type: 'done' });
process.exit(0);
