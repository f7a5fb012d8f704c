// A press's styles are kept with its tasks in the transaction that writes each row, by whichever path the task
// takes: sent at once, a batch, a compare group, the part of a batch beyond the request budget that waits in the
// queue, and a press queued with Queue. Read back as Edit and run again reads them (the presets room's store).
// Real client, real simulator, the core composed as the app composes it.
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { composeSimCore } from '../../support/sim-core';
import { ManualClock } from '../../../electron/core/clock';
import type { ComposedCore } from '../../../electron/core/compose-core';
import type { DatabaseSync } from '../../../electron/core/db';
import { PresetStore } from '../../../electron/core/presets';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { TaskEngine } from '../../../electron/core/tasks';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { AppliedStyle, TaskStyles } from '../../../shared/studio/presets';
import { tempDir } from '../library/library-fixtures';
import { driveUntil } from './engine-rig';

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;
const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
let db: DatabaseSync;
let core: ComposedCore;

const FILM: AppliedStyle = { id: 'film', name: 'Film', text: '35 mm film', placement: 'after' };
const kept = (typed: string): TaskStyles => ({ typed, styles: [FILM] });
const i3 = (prompt: string): SubmissionRequest => ({
  family: 'image.i3',
  model: 'image_model_id_i3',
  params: { prompt: `${prompt}, 35 mm film` },
});

beforeEach(async () => {
  sim = await startSimulator({ clock, seed: 5 });
  ({ dir, cleanup } = await tempDir('press-styles-'));
  db = openStudioDatabase(join(dir, 'studio.sqlite'));
  // Two requests a second: a press of three has one beyond the budget, which waits in the queue.
  core = composeSimCore({ db, sim, clock, dir }, { runQueue: true, budget: { requests: 2, perMs: 1_000 } });
  await core.engine.start();
});
afterEach(async () => {
  core.speech.close();
  await core.engine.close();
  if (db.isOpen) db.close();
  await sim.close();
  await cleanup();
});

const stylesOf = (taskId: string) => new PresetStore({ db, clock }).taskStyles(taskId);

/** Drives the clock until the press's tasks all exist (the queued ones included) and have settled. */
async function settledBatch(batchId: string, size: number) {
  const done = () => {
    const tasks = core.engine.inBatch(batchId);
    return tasks.length === size && tasks.every((t) => core.engine.isSettled(t));
  };
  expect(await driveUntil({ clock }, core.engine, done)).toBe(true);
  return core.engine.inBatch(batchId);
}

it('one task sent with styles keeps them', async () => {
  const task = await core.engine.submit(i3('a fox'), { key: 'press-one-0001-aaaa', styles: kept('a fox') });
  expect(stylesOf(task.id)).toEqual(kept('a fox'));
});

it('a batch keeps each line as typed, the part beyond the request budget too (sent later from the queue)', async () => {
  const lines = ['a fox', 'a heron', 'an owl'];
  const key = 'press-batch-0001-aaaa';
  const sent = await core.engine.submitBatch(lines.map(i3), { key, styles: lines.map(kept) });
  expect(sent.tasks).toHaveLength(2);
  const tasks = await settledBatch(key, 3);
  for (const task of tasks) {
    const line = String(task.params.prompt).replace(', 35 mm film', '');
    expect(stylesOf(task.id)).toEqual(kept(line));
  }
});

it('a compare group keeps the styles on every model, within the budget and beyond it', async () => {
  const fan = (key: string, models: SubmissionRequest[]) =>
    core.engine.fanOut(models, { key, styles: models.map(() => kept('a lighthouse')) });
  const i1: SubmissionRequest = {
    family: 'image.i1',
    model: 'image_model_id_i1',
    params: i3('a lighthouse').params,
  };
  const i4: SubmissionRequest = {
    family: 'image.i4',
    model: 'image_model_id_i4',
    params: i3('a lighthouse').params,
  };
  await fan('press-compare-0001-aa', [i3('a lighthouse'), i1]);
  // Three models, beyond two a second: the whole group waits in the queue and is sent from there.
  const queued = await fan('press-compare-0002-aa', [i3('a lighthouse'), i1, i4]);
  expect(queued.queued).toBe(3);
  for (const [key, size] of [
    ['press-compare-0001-aa', 2],
    ['press-compare-0002-aa', 3],
  ] as const) {
    const tasks = await settledBatch(key, size);
    for (const task of tasks) expect(stylesOf(task.id)).toEqual(kept('a lighthouse'));
  }
});

it('a press queued with Queue keeps each item’s styles for the task it becomes', async () => {
  const key = 'press-queue-0001-aaaa';
  await core.engine.queue.add([i3('a wren'), i3('a crow')], {
    key,
    origin: 'batch',
    batch: { id: key, size: 2 },
    styles: [kept('a wren'), null],
  });
  const tasks = await settledBatch(key, 2);
  const byLine = new Map(tasks.map((t) => [String(t.params.prompt), stylesOf(t.id)]));
  expect(byLine.get('a wren, 35 mm film')).toEqual(kept('a wren'));
  expect(byLine.get('a crow, 35 mm film')).toBeNull();
});

it('an engine with no place for styles refuses a press that has some, writing no row', async () => {
  const bare = new TaskEngine({ db, gateway: null as never, clock, downloads: null });
  await expect(
    bare.submit(i3('a fox'), { key: 'press-bare-0001-aaaa', styles: kept('a fox') }),
  ).rejects.toThrow(/without a place for styles/);
  expect(bare.list({})).toEqual([]);
  await bare.close();
});
