// One life of the app's storyboard runner in the board kill test: the shared database, the real library core
// (engine sending its queue, downloads, library, speech) on the demo gateway, the studio's one job runner, and
// the storyboard runner on them as the composition root wires it. The first life (no kept run) starts the board;
// every later one only reopens, and the runner's recovery hands the run's job back. Runs until the run ended and
// every task settled, or until the parent kills it with SIGKILL. Prints {"type":"ready"} once started and
// {"type":"done"} at the end. Run with `node --import tsx` (or its build: test/support/child-entry.ts).
import { join } from 'node:path';
import { systemClock } from '../../../electron/core/clock';
import { composeCore } from '../../../electron/core/compose-core';
import { GatewayClient } from '../../../electron/core/gateway/gateway-client';
import { JobRunner } from '../../../electron/core/jobs';
import { lineLogger } from '../../../electron/core/log';
import { StoryboardRunStore, StoryboardRunner } from '../../../electron/core/storyboard';
import { fileCut } from '../../../electron/core/storyboard/cut-filing';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { pollPriorsAtTimeScale } from '../../../electron/core/tasks';
import { isTerminalState } from '../../../shared/studio/records';
import { storyboardSchema } from '../../../shared/studio/storyboard';
import { coreStores } from '../../support/core-stores';
import { say } from '../../soak/soak-life';

interface ChildConfig {
  dbPath: string;
  libraryDir: string;
  baseUrl: string;
  apiKey: string;
  timeScale: number;
}

/** Two shots, the second continuing from the first's last frame: each is sent once, whatever the kills. */
export const KILL_BOARD = storyboardSchema.parse({
  name: 'Kills',
  shots: [
    { family: 'video.v1', model: 'video_model_id_v1_pro', prompt: 'kill-shot-1 a forest', duration: 5 },
    {
      family: 'video.v1',
      model: 'video_model_id_v1_pro',
      prompt: 'kill-shot-2 the valley',
      duration: 5,
      continuePrevious: true,
    },
  ],
});

const config = JSON.parse(process.env.BOARD_KILL_CONFIG ?? '{}') as ChildConfig;
const db = openStudioDatabase(config.dbPath);
const stores = coreStores(db);
const gateway = new GatewayClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: 3_000 });
const jobs = new JobRunner({ db, clock: systemClock });
const core = composeCore({
  db,
  ...stores,
  gateway,
  libraryDir: config.libraryDir,
  logger: lineLogger(() => undefined),
  gatewayKey: () => config.baseUrl,
  history: null,
  guard: null,
  runQueue: true,
  jobs,
  polling: pollPriorsAtTimeScale(config.timeScale),
});
const store = new StoryboardRunStore(db);
const runner = new StoryboardRunner({
  engine: async () => core.engine,
  itemsOf: async (taskId) => core.library.forTask(taskId),
  referenceOf: async (path) => (await stores.references.addFile(path)).uri,
  speak: async (request, options) => (await core.speech.synthesize(request, options)).item,
  allocate: (name) => core.library.allocatePath(name),
  fileCut: (cut) => fileCut(cut, core.library, stores.madeFrom),
  scratchDir: async () => join(config.libraryDir, '.storyboard'),
  durable: { store, jobs },
});
await core.engine.start();
jobs.start();
if (store.recent().length === 0) runner.start(KILL_BOARD, []);
runner.reopen();
say({ type: 'ready' });

const isDone = (): boolean =>
  runner.list().every((r) => r.state !== 'running') &&
  // The run's job ended too (it ends a moment after the run is kept as ended).
  jobs.runningCount() === 0 &&
  !runner.isBusy() &&
  core.engine
    .list()
    .every((t) => isTerminalState(t.state) && (t.state !== 'completed' || core.engine.isSettled(t)));
await new Promise<void>((resolve) => {
  const check = (): void => {
    if (isDone()) resolve();
  };
  core.engine.events.subscribe(check);
  runner.subscribe(check);
  // Held, not unref'd, as the recipe soak's child: an emptied event loop would end the process early.
  setInterval(check, 200);
  check();
});
runner.close();
await jobs.close();
core.speech.close();
await core.engine.close();
db.close();
say({ type: 'done' });
process.exit(0);
