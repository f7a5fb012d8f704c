// The core's Press (electron/core/press/press.ts) over the core composed as the app composes it, on the
// simulator: an intent is planned once here (one task per prompt line, the tasks-per-press limit, "Also run
// on…"), held to the spending limits in the transaction that writes it, sent whole with every request's styles,
// and answered again, never paid again, when the same press comes back with its key.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeSimCore } from '../../support/sim-core';
import { ManualClock } from '../../../electron/core/clock';
import type { ComposedCore } from '../../../electron/core/compose-core';
import type { DatabaseSync } from '../../../electron/core/db';
import { PresetStore } from '../../../electron/core/presets';
import { MadeFromStore } from '../../../electron/core/tasks/made-from-store';
import { PriceBook } from '../../../electron/core/pricing';
import { SpendingGuard } from '../../../electron/core/spending';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { TaskStore } from '../../../electron/core/tasks/task-store';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { AppliedStyle } from '../../../shared/studio/presets';
import { NO_BATCH, type PressIntent } from '../../../shared/studio/press';
import { tempDir } from '../library/library-fixtures';
import { newTask } from '../../support/new-task';

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;
const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
let db: DatabaseSync;
let core: ComposedCore;
let guard: SpendingGuard;

const FILM: AppliedStyle = { id: 'film', name: 'Film', text: '35 mm film', placement: 'after' };
const I3: SubmissionRequest = { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: 'a fox' } };
const intent = (over: Partial<PressIntent>): PressIntent => ({
  request: I3,
  styles: [],
  batch: NO_BATCH,
  fanOut: [],
  toQueue: false,
  editOf: null,
  ...over,
});
const lines = (...prompts: string[]): SubmissionRequest => ({
  ...I3,
  params: { prompt: prompts.join('\n') },
});

beforeEach(async () => {
  sim = await startSimulator({ clock, seed: 5 });
  ({ dir, cleanup } = await tempDir('press-'));
  db = openStudioDatabase(join(dir, 'studio.sqlite'));
  const book = new PriceBook({ db, gateway: sim.url });
  guard = new SpendingGuard({ db, prices: () => book });
  core = composeSimCore({ db, sim, clock, dir }, { guard, history: book });
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

describe('Press', () => {
  it('a batch press: one task per prompt line, each keeping its line as typed and the styles on', async () => {
    const answer = await core.press.send(
      intent({ request: lines('a fox', '', 'a heron'), batch: { on: true, takes: 1 }, styles: [FILM] }),
      { confirmed: false, key: 'press-batch-0001-aaaa' },
    );
    expect(answer.kind === 'batch' && answer.mode).toBe('batch');
    const tasks = core.engine.inBatch('press-batch-0001-aaaa');
    expect(tasks.map((t) => t.params.prompt)).toEqual(['a fox, 35 mm film', 'a heron, 35 mm film']);
    expect(tasks.map((t) => stylesOf(t.id)?.typed)).toEqual(['a fox', 'a heron']);
  });

  it('a fan-out press: one compare group, every model that takes a prompt keeping the styles', async () => {
    const answer = await core.press.send(
      intent({
        styles: [FILM],
        fanOut: [{ family: 'image.i1', variant: 'default', model: 'image_model_id_i1', several: false }],
      }),
      { confirmed: false, key: 'press-compare-0001-aaaa' },
    );
    expect(answer.kind === 'batch' && answer.mode).toBe('compare');
    const tasks = core.engine.inBatch('press-compare-0001-aaaa');
    expect(tasks.map((t) => t.model)).toEqual(['image_model_id_i3', 'image_model_id_i1']);
    expect(tasks.map((t) => stylesOf(t.id))).toEqual(tasks.map(() => ({ typed: 'a fox', styles: [FILM] })));
  });

  it('a queued batch press waits in the queue as one batch, its styles on each item', async () => {
    const answer = await core.press.send(
      intent({ request: lines('a', 'b'), batch: { on: true, takes: 2 }, styles: [FILM], toQueue: true }),
      { confirmed: false, key: 'press-queue-0001-aaaa' },
    );
    expect(answer.kind === 'queued' && answer.ids).toHaveLength(4);
    const items = core.engine.queue.store.list(['waiting']);
    expect(items.map((i) => i.options.styles?.typed)).toEqual(['a', 'a', 'b', 'b']);
    expect(items.every((i) => i.options.batch?.id === 'press-queue-0001-aaaa')).toBe(true);
  });

  it('refuses a press of more than the limit, or a batch with no line, before anything is written', async () => {
    const many = lines(...Array.from({ length: 101 }, (_, i) => `line ${i}`));
    await expect(
      core.press.send(intent({ request: many, batch: { on: true, takes: 1 } }), { confirmed: false }),
    ).rejects.toMatchObject({
      info: { type: 'validation_error', message: expect.stringMatching(/at most 100/) },
    });
    await expect(
      core.press.send(intent({ request: lines(' ', ''), batch: { on: true, takes: 1 } }), {
        confirmed: false,
      }),
    ).rejects.toMatchObject({ info: { type: 'validation_error' } });
    expect(core.engine.list()).toEqual([]);
  });

  it('the same press again with its key answers with the first task and sends nothing more', async () => {
    const first = await core.press.send(intent({}), { confirmed: false, key: 'press-again-0001-aaaa' });
    const again = await core.press.send(intent({}), { confirmed: false, key: 'press-again-0001-aaaa' });
    expect(first.kind === 'task' && again.kind === 'task' && again.task.id).toBe(
      first.kind === 'task' ? first.task.id : 'none',
    );
    expect(core.engine.list()).toHaveLength(1);
  });

  it('an edit records the task it was made from; an edit of a task not held is not found', async () => {
    const first = await core.press.send(intent({}), { confirmed: false });
    const origin = first.kind === 'task' ? first.task.id : '';
    const edit = await core.press.send(intent({ editOf: origin }), { confirmed: false });
    const editId = edit.kind === 'task' ? edit.task.id : '';
    expect(new MadeFromStore(db).links(editId).madeFrom).toEqual([
      expect.objectContaining({ relation: 'edit', taskId: origin }),
    ]);
    await expect(core.press.send(intent({ editOf: 'nobody' }), { confirmed: false })).rejects.toMatchObject({
      info: { type: 'not_found_error' },
    });
  });

  it('past a budget nothing is sent, whatever the press; the person may choose to pass it', async () => {
    guard.setLimits({ unit: 'usd', confirmAbove: null, daily: null, monthly: 1, timeZone: 'UTC' });
    const store = new TaskStore(db);
    store.insert(newTask({ id: 'earlier', createdAt: clock.now() }), 'submitting');
    guard.stamp('earlier');
    store.update('earlier', { state: 'completed', cost: 1, updatedAt: clock.now() });
    const batch = intent({ request: lines('a', 'b'), batch: { on: true, takes: 1 } });
    await expect(core.press.send(batch, { confirmed: true })).rejects.toMatchObject({
      info: { type: 'budget_exceeded' },
    });
    await expect(core.press.send(batch, { confirmed: true, overBudget: true })).resolves.toMatchObject({
      kind: 'batch',
    });
  });
});
