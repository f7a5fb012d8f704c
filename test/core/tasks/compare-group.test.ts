// One prompt on several models ("Also run on…"): the press is a batch marked `compare`, and the mark is a
// column on the tasks and on the library items they file, not memory. After a restart (the database opened
// again, a new core composed on it) the group's tasks come back in the order they were pressed, each with its
// model and cost, and the library still knows every item of the group. Real client, real simulator.
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { composeSimCore } from '../../support/sim-core';
import { ManualClock } from '../../../electron/core/clock';
import type { ComposedCore } from '../../../electron/core/compose-core';
import type { DatabaseSync } from '../../../electron/core/db';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import { tempDir } from '../library/library-fixtures';
import { driveUntil } from './engine-rig';

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;
const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
const cores: { core: ComposedCore; db: DatabaseSync }[] = [];

beforeEach(async () => {
  sim = await startSimulator({ clock, seed: 11 });
  ({ dir, cleanup } = await tempDir('compare-group-'));
});
afterEach(async () => {
  await stopCores();
  await sim.close();
  await cleanup();
});

/** What the app does when it quits: the engine closed, then its database. */
async function stopCores(): Promise<void> {
  for (const { core, db } of cores.splice(0)) {
    core.speech.close();
    await core.engine.close();
    if (db.isOpen) db.close();
  }
}

/**
 * A core on the one database file, as the app composes it at start (its engine sends the queue, `runQueue`), or
 * as the CLI does (`runQueue: false`: the queue's rows are edited, never sent).
 */
async function startCore(
  options: { runQueue?: boolean; budget?: { requests: number; perMs: number } } = {},
): Promise<ComposedCore> {
  const db = openStudioDatabase(join(dir, 'studio.sqlite'));
  const core = composeSimCore(
    { db, sim, clock, dir },
    { runQueue: options.runQueue ?? true, ...(options.budget ? { budget: options.budget } : {}) },
  );
  cores.push({ core, db });
  await core.engine.start();
  return core;
}

const PROMPT = 'a lighthouse at dusk';
/** The form's own model first, then the two chosen under "Also run on…" (their parameters carried over). */
const FAN_OUT: SubmissionRequest[] = [
  { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: PROMPT, size: '16:9' } },
  { family: 'image.i1', model: 'image_model_id_i1', params: { prompt: PROMPT } },
  { family: 'image.i4', model: 'image_model_id_i4', params: { prompt: PROMPT, size: '16:9' } },
];
const KEY = 'compare-press-0001-aaaaaaaa';

it('stores the group on its tasks and items, and gives it back in press order after a restart', async () => {
  const first = await startCore();
  // Three models within the request budget (5 a second): sent at once, nothing queued.
  const sent = first.engine.fanOut(FAN_OUT, { key: KEY });
  const filed = () => first.library.query({ batchId: KEY }).items.length >= 3;
  const settled = () => {
    const tasks = first.engine.inBatch(KEY);
    return tasks.length === 3 && tasks.every((t) => first.engine.isSettled(t)) && filed();
  };
  expect(await driveUntil({ clock }, first.engine, settled)).toBe(true);
  const { batchId, tasks, queued } = await sent;
  expect(batchId).toBe(KEY);
  expect(queued).toBe(0);
  expect(tasks.map((t) => t.batch)).toEqual([1, 2, 3].map(() => ({ id: KEY, size: 3, compare: true })));

  // The app stops; the next run opens the same file.
  await stopCores();
  const next = await startCore();

  const { tasks: group, queued: waiting } = next.engine.compareGroup(KEY);
  expect(waiting).toEqual([]);
  expect(group.map((t) => [t.family, t.model])).toEqual(FAN_OUT.map((r) => [r.family, r.model]));
  for (const task of group) {
    expect(task.state).toBe('completed');
    expect(task.batch).toEqual({ id: KEY, size: 3, compare: true });
    expect(task.cost).not.toBeNull();
    expect(task.completedAt).not.toBeNull();
  }
  const items = next.library.query({ batchId: KEY }).items;
  expect(new Set(items.map((i) => i.taskId))).toEqual(new Set(group.map((t) => t.id)));
  for (const item of items) expect(item.batch).toEqual({ id: KEY, size: 3, compare: true });

  // A batch of prompts × n is not a compare group: its tasks carry no mark.
  const plain = await next.engine.submitBatch([FAN_OUT[0] as SubmissionRequest], {
    key: 'plain-press-0001-bbbb',
  });
  expect(plain.tasks[0]?.batch).toEqual({ id: 'plain-press-0001-bbbb', size: 1 });
  // An id no press used is an empty group, not an error.
  expect(next.engine.compareGroup('no-such-batch')).toEqual({ tasks: [], queued: [] });
});

it('a fan-out beyond the request budget waits in the queue as one group, and is sent after a restart', async () => {
  const budget = { requests: 2, perMs: 1_000 };
  // The press is taken by a core that does not send the queue (as the CLI's): its models wait, not sent.
  const holding = await startCore({ runQueue: false, budget });
  const held = await holding.engine.fanOut(FAN_OUT, { key: KEY });
  expect(held).toEqual({ batchId: KEY, tasks: [], queued: 3 });
  expect(holding.engine.compareGroup(KEY)).toEqual({
    tasks: [],
    queued: FAN_OUT.map((r) => ({ family: r.family, model: r.model })),
  });
  // A repeat of the press adds nothing to the queue.
  expect((await holding.engine.fanOut(FAN_OUT, { key: KEY })).queued).toBe(3);
  expect(holding.engine.queue.store.count(['waiting'])).toBe(3);
  await stopCores();

  // The app starts: the queue sends them in the order of the press, each a task of the compare group.
  const app = await startCore({ budget });
  const done = () => {
    const { tasks, queued } = app.engine.compareGroup(KEY);
    return queued.length === 0 && tasks.length === 3 && tasks.every((t) => app.engine.isSettled(t));
  };
  expect(await driveUntil({ clock }, app.engine, done)).toBe(true);
  const { tasks } = app.engine.compareGroup(KEY);
  expect(tasks.map((t) => t.family)).toEqual(FAN_OUT.map((r) => r.family));
  for (const task of tasks) expect(task.batch).toEqual({ id: KEY, size: 3, compare: true });
});
