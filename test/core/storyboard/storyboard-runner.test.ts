// The storyboard runner on a real core (engine, downloads, library, references, speech) over the simulator and the
// npm package's ffmpeg, each run a `storyboard` job of a real job runner as the app's root builds it: the job is
// written before the first paid part; a restart mid-run hands it back once, at the shot reached, never sending a
// paid shot twice (the gateway's own count of submissions says so); a cancel holds across a restart; a failed
// shot stops the run with nothing after it sent, and is then tried alone.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeCore } from '../../../electron/core/compose-core';
import { JobRunner } from '../../../electron/core/jobs';
import { lineLogger } from '../../../electron/core/log';
import { StoryboardRunner, StoryboardRunStore } from '../../../electron/core/storyboard';
import { cutTaskId, fileCut } from '../../../electron/core/storyboard/cut-filing';
import { JOB_KINDS } from '../../../shared/studio/jobs';
import type { StoryboardRun } from '../../../shared/studio/storyboard';
import { storyboardSchema } from '../../../shared/studio/storyboard';
import { coreStores } from '../../support/core-stores';
import { driveUntil, startRig, type CountingGateway, type Rig } from '../tasks/engine-rig';

let rig: Rig | null = null;
const booted: { close(): Promise<void> }[] = [];
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  for (const b of booted.splice(0)) await b.close();
  await rig?.close();
});
const current = (): Rig => {
  if (!rig) throw new Error('no rig outside a test');
  return rig;
};
const submissions = (gateway: CountingGateway) => gateway.log.filter((r) => r.kind === 'submit').length;

const board = (second = 'she looks at the valley') =>
  storyboardSchema.parse({
    name: 'Dawn',
    shots: [
      { family: 'video.v1', model: 'video_model_id_v1_pro', prompt: 'a walk out of the forest', duration: 5 },
      {
        family: 'video.v1',
        model: 'video_model_id_v1_pro',
        prompt: second,
        duration: 5,
        continuePrevious: true,
      },
    ],
  });

async function boot(gateway: CountingGateway = current().gateway()) {
  const db = current().openDb();
  const stores = coreStores(db, current().clock);
  const libraryDir = join(current().dir, 'library');
  const core = composeCore({
    db,
    ...stores,
    gateway,
    clock: current().clock,
    libraryDir,
    logger: lineLogger(() => undefined),
    gatewayKey: () => current().sim.url,
    history: null,
    guard: null,
    runQueue: false,
  });
  const jobs = new JobRunner({ db, clock: current().clock });
  const runner = new StoryboardRunner({
    engine: async () => core.engine,
    itemsOf: async (taskId) => core.library.forTask(taskId),
    referenceOf: async (path) => (await stores.references.addFile(path)).uri,
    speak: async (request, options) => (await core.speech.synthesize(request, options)).item,
    allocate: (name) => core.library.allocatePath(name),
    fileCut: (cut) => fileCut(cut, core.library, stores.madeFrom),
    scratchDir: async () => join(libraryDir, '.storyboard'),
    durable: { store: new StoryboardRunStore(db), jobs },
    clock: current().clock,
  });
  await core.engine.start();
  jobs.start();
  const process = {
    ...core,
    db,
    gateway,
    runner,
    jobs,
    /** The run's job, as the one runner holds it. */
    job: (runId: string) => jobs.store.byKey(JOB_KINDS.storyboard, runId),
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

async function until(p: Booted, id: string, done: (run: StoryboardRun) => boolean): Promise<StoryboardRun> {
  const busy = {
    isBusy: () => p.engine.isBusy() || p.runner.isBusy(),
    whenQuiet: async () => {
      if (p.runner.isBusy()) await p.runner.whenLocalDone();
      else await p.engine.whenQuiet();
    },
  };
  expect(
    await driveUntil(current(), busy, () => {
      const run = p.runner.get(id);
      return run !== null && done(run);
    }),
  ).toBe(true);
  return p.runner.get(id) as StoryboardRun;
}

describe('StoryboardRunner', () => {
  it('a restart mid-run resumes at the shot reached and never sends a paid shot twice', async () => {
    const first = await boot();
    const started = first.runner.start(board(), []);
    // Its job is written with the run, before anything is sent.
    expect(first.job(started.id)?.state).toBe('waiting');
    expect(submissions(first.gateway)).toBe(0);
    await until(first, started.id, (r) => r.shots[0]?.taskId !== null);
    const shot1 = first.runner.get(started.id)?.shots[0]?.taskId;
    await first.close();
    expect(submissions(first.gateway)).toBe(1);

    const second = await boot();
    second.runner.reopen();
    expect(second.runner.get(started.id)?.state).toBe('running');
    const run = await until(second, started.id, (r) => r.state !== 'running');
    expect(run.state, run.error?.message).toBe('completed');
    await second.jobs.settled();
    expect(second.job(started.id)?.state).toBe('done');
    // Shot 1 was waited for, not sent again; only shot 2 was sent by the second process, from shot 1's last frame.
    expect(run.shots[0]?.taskId).toBe(shot1);
    expect(submissions(second.gateway)).toBe(1);
    expect(second.engine.get(run.shots[1]?.taskId ?? '')?.params.first_frame_image).toBe(
      run.shots[1]?.firstFrame,
    );
    const cut = second.library.get(run.cutItemId ?? '');
    expect(cut?.kind).toBe('video');
    expect(second.engine.links(cut?.taskId ?? '').madeFrom.map((l) => [l.relation, l.taskId])).toEqual(
      run.shots.map((s) => ['shot', s.taskId]),
    );
  });

  it('a restart while a shot was being sent does not send it again: the run stops there, saying why', async () => {
    const gateway = current().gateway();
    // Shot 2's request leaves and its answer never comes: the process stops before knowing its task.
    let sends = 0;
    const shotOnTheWire = new Promise<void>((resolve) => {
      gateway.onSubmit = () => {
        sends += 1;
        if (sends < 2) return;
        gateway.holdSubmissions = true;
        resolve();
      };
    });
    const first = await boot(gateway);
    const started = first.runner.start(board(), []);
    const busy = {
      isBusy: () => !gateway.holdSubmissions && (first.engine.isBusy() || first.runner.isBusy()),
      whenQuiet: async () => {
        if (first.runner.isBusy()) await first.runner.whenLocalDone();
        else await Promise.race([first.engine.whenQuiet(), shotOnTheWire]);
      },
    };
    // The held send keeps the engine busy for ever; the clock is driven until it leaves, not past it.
    expect(await driveUntil(current(), busy, () => gateway.holdSubmissions)).toBe(true);
    expect(first.runner.get(started.id)?.shots[1]?.taskId).toBeNull();
    await first.close();

    const second = await boot();
    second.runner.reopen();
    const run = await until(second, started.id, (r) => r.state !== 'running');
    // The gateway may have made (and charged) that shot: nothing is sent again under a new key.
    expect(submissions(second.gateway)).toBe(0);
    expect(run.state).toBe('failed');
    expect(run.shots.map((s) => s.state)).toEqual(['completed', 'failed']);
    expect(second.engine.get(run.shots[1]?.taskId ?? '')?.state).toBe('interrupted');
  });

  it('a restart after the cut was filed, before the run was kept ended, takes that cut: one cut, nothing sent', async () => {
    const first = await boot();
    const started = first.runner.start(board(), []);
    const done = await until(first, started.id, (r) => r.state !== 'running');
    await first.jobs.settled();
    const cutId = done.cutItemId;
    await first.close();
    // As a kill right after the filing leaves it: the run kept as going without its cut, its job handed back.
    const store = new StoryboardRunStore(first.db);
    const kept = store.get(started.id);
    if (!kept) throw new Error('the run was not kept');
    store.save({ ...kept, run: { ...kept.run, state: 'running', cutItemId: null } });
    first.jobs.store.revive(first.job(started.id)?.id ?? '', current().clock.now());

    const second = await boot();
    second.runner.reopen();
    const run = await until(second, started.id, (r) => r.state !== 'running');
    expect(run.state, run.error?.message).toBe('completed');
    expect(run.cutItemId).toBe(cutId);
    expect(second.library.forTask(cutTaskId(started.id)).map((it) => it.id)).toEqual([cutId]);
    expect(submissions(second.gateway)).toBe(0);
  });

  it('a cancel holds across a restart: the run stays cancelled and nothing more is sent', async () => {
    const first = await boot();
    const started = first.runner.start(board(), []);
    await until(first, started.id, (r) => r.shots[0]?.taskId !== null);
    // Cancelled while shot 1 is at the gateway, and the process ends before the drive reaches shot 2.
    first.runner.cancel(started.id);
    expect(first.job(started.id)?.state).toBe('cancelled');
    await first.close();
    expect(submissions(first.gateway)).toBe(1);

    const second = await boot();
    second.runner.reopen();
    const run = second.runner.get(started.id);
    expect(run?.state).toBe('failed');
    expect(run?.error?.code).toBe('storyboard_cancelled');
    // Nothing drives it: the clock runs on and the gateway hears of no second shot.
    await driveUntil(current(), second.engine, () => false, { maxSimMs: 60_000 });
    expect(submissions(second.gateway)).toBe(0);
    expect(second.job(started.id)?.state).toBe('cancelled');
    expect(second.runner.get(started.id)?.state).toBe('failed');
  });

  it('a cancel while the run goes stops it at the next shot, the job cancelled with it', async () => {
    const p = await boot();
    const started = p.runner.start(board(), []);
    await until(p, started.id, (r) => r.shots[0]?.taskId !== null);
    p.runner.cancel(started.id);
    const run = await until(p, started.id, (r) => r.state !== 'running');
    expect(run.error?.code).toBe('storyboard_cancelled');
    expect(run.shots.map((s) => s.state)).toEqual(['completed', 'waiting']);
    expect(submissions(p.gateway)).toBe(1);
    expect(p.job(started.id)?.state).toBe('cancelled');
    // Whoever waits for the run is answered.
    expect((await p.runner.settled(started.id))?.state).toBe('failed');
  });

  it('a failed shot stops the run with nothing after it sent, and is then tried alone', async () => {
    const p = await boot();
    const started = p.runner.start(board('looks away [fail]'), []);
    const stopped = await until(p, started.id, (r) => r.state !== 'running');
    expect(stopped.state).toBe('failed');
    expect(stopped.shots.map((s) => s.state)).toEqual(['completed', 'failed']);
    expect(stopped.error?.message).toMatch(/^Stopped at shot 2: .*\[fail\]/);
    expect(stopped.cutItemId).toBeNull();
    expect(submissions(p.gateway)).toBe(2);
    // What trying again sends, asked before it: shot 2 alone.
    expect(p.runner.retryRequests(stopped.id)).toEqual([
      expect.objectContaining({
        family: 'video.v1',
        params: expect.objectContaining({ prompt: 'looks away [fail]' }),
      }),
    ]);
    p.runner.retry(stopped.id);
    const again = await until(p, stopped.id, (r) => r.state !== 'running');
    expect(again.state).toBe('failed');
    expect(again.shots[0]?.taskId).toBe(stopped.shots[0]?.taskId);
    expect(again.shots[1]?.taskId).not.toBe(stopped.shots[1]?.taskId);
    expect(submissions(p.gateway)).toBe(3);
  });
});
