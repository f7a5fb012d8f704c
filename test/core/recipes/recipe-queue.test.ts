// A recipe in the app's engine sends each step through the queue: the step is a queue item marked with its
// recipe, behind what was queued before it, and paused, moved, cancelled (not charged, the run stops there) or
// kept across a restart like any other; cancelling the rest of a run takes its queued step out. The gateway's own
// record says what was sent and in which order.
import { describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../shared/studio/queue';
import { driveUntil } from '../tasks/engine-rig';
import { pictureThenVideo, recipeRig, submissions } from './recipe-rig';

const { rig, boot, busyOf, until } = recipeRig({ runQueue: true });

type Booted = Awaited<ReturnType<typeof boot>>;

const waiting = (p: Booted): QueueItem[] => p.engine.queue.view().items.filter((i) => i.state === 'waiting');
const recipeItems = (p: Booted): QueueItem[] =>
  p.engine.queue.view().items.filter((i) => i.origin === 'recipe');

/** Drives the clock until the queue holds `count` waiting items. */
async function untilWaiting(p: Booted, count: number): Promise<QueueItem[]> {
  expect(await driveUntil(rig(), busyOf(p), () => waiting(p).length === count)).toBe(true);
  return waiting(p);
}

describe('recipes through the queue', () => {
  it('a step waits in line behind what was queued, moves like any item, and goes in the new order', async () => {
    const p = await boot();
    p.engine.queue.pause();
    await p.engine.queue.add([
      {
        family: 'image.i3',
        model: 'image_model_id_i3',
        params: { prompt: 'queued first', size: '1:1', resolution: '1K' },
      },
    ]);
    const [started] = p.runner.start(pictureThenVideo(), { prompts: ['a lighthouse'] });
    const line = await untilWaiting(p, 2);
    expect(line[1]).toMatchObject({
      origin: 'recipe',
      prompt: 'a lighthouse',
      recipe: { name: 'Picture to video', step: 1, steps: 2 },
    });
    expect(submissions(p.gateway)).toBe(0);

    p.engine.queue.move(line[1]?.id ?? '', 'front');
    p.engine.queue.resume();
    const run = await until(p, started?.id ?? '', (r) => r.state !== 'running');
    expect(run.state).toBe('completed');
    // The step moved to the front went first; the plain item next; the video once the picture was saved.
    expect(p.gateway.bodies.map((b) => JSON.parse(b) as { prompt?: string }).map((b) => b.prompt)).toEqual([
      'a lighthouse',
      'queued first',
      'slow push in',
    ]);
    const steps = recipeItems(p);
    expect(steps.map((i) => [i.recipe?.step, i.state]).sort()).toEqual([
      [1, 'sent'],
      [2, 'sent'],
    ]);
    expect(steps.map((i) => i.taskId).sort()).toEqual(run.steps.map((s) => s.taskId).sort());
    expect(p.engine.get(run.steps[1]?.taskId ?? '')?.parentTaskId).toBe(run.steps[0]?.taskId);
  });

  it('a step cancelled in the queue stops its run, not charged; the run tries it again through the queue', async () => {
    const p = await boot();
    p.engine.queue.pause();
    const [started] = p.runner.start(pictureThenVideo(), { prompts: ['a lighthouse'] });
    const [step] = await untilWaiting(p, 1);
    expect(p.engine.queue.cancel([step?.id ?? ''])).toEqual({ cancelled: [step?.id], atGateway: [] });
    const stopped = await until(p, started?.id ?? '', (r) => r.state !== 'running');
    expect(stopped).toMatchObject({ state: 'failed', failedAt: 0 });
    expect(stopped.steps[0]?.error?.message).toContain('not charged');
    expect(submissions(p.gateway)).toBe(0);

    p.runner.retry(stopped.id);
    await untilWaiting(p, 1);
    p.engine.queue.resume();
    const run = await until(p, stopped.id, (r) => r.state !== 'running');
    expect(run.state).toBe('completed');
    expect(submissions(p.gateway)).toBe(2);
  });

  it('a restart with the queue paused keeps the waiting step once, and the run goes on when resumed', async () => {
    const first = await boot();
    first.engine.queue.pause();
    const [started] = first.runner.start(pictureThenVideo(), { prompts: ['a lighthouse'] });
    const [step] = await untilWaiting(first, 1);
    await first.close();

    const second = await boot();
    second.runner.resume();
    // The run asked for its step again under the same key: the item already queued, not a second one.
    expect(await untilWaiting(second, 1)).toEqual([expect.objectContaining({ id: step?.id })]);
    expect(second.engine.queue.view().paused).toBe(true);
    second.engine.queue.resume();
    const run = await until(second, started?.id ?? '', (r) => r.state !== 'running');
    expect(run.state).toBe('completed');
    expect(submissions(first.gateway, second.gateway)).toBe(2);
    expect(recipeItems(second)).toHaveLength(2);
  });

  it('cancelling the rest takes a queued step out, not charged; a step at the gateway finishes, nothing after it goes', async () => {
    const p = await boot();
    p.engine.queue.pause();
    const [held] = p.runner.start(pictureThenVideo(), { prompts: ['held back'] });
    const [step] = await untilWaiting(p, 1);
    p.runner.cancel(held?.id ?? '');
    const dropped = await until(p, held?.id ?? '', (r) => r.state !== 'running');
    expect(dropped).toMatchObject({ state: 'failed', failedAt: 0 });
    expect(dropped.steps[0]?.error?.message).toContain('not charged');
    expect(recipeItems(p).find((i) => i.id === step?.id)).toMatchObject({
      state: 'cancelled',
      charge: 'not-charged',
    });
    expect(submissions(p.gateway)).toBe(0);

    p.engine.queue.resume();
    const [sent] = p.runner.start(pictureThenVideo(), { prompts: ['a lighthouse'] });
    await until(p, sent?.id ?? '', (r) => r.steps[0]?.taskId !== null);
    p.runner.cancel(sent?.id ?? '');
    const run = await until(p, sent?.id ?? '', (r) => r.state !== 'running');
    expect(run).toMatchObject({ state: 'failed', failedAt: 1 });
    expect(run.steps.map((s) => s.state)).toEqual(['completed', 'failed']);
    expect(run.steps[1]?.error?.message).toContain('You cancelled the rest');
    expect(submissions(p.gateway)).toBe(1);
    // Tried again, the step goes (the cancel was of that press, not of the recipe for ever).
    p.runner.retry(run.id);
    expect((await until(p, run.id, (r) => r.state !== 'running')).state).toBe('completed');
    expect(submissions(p.gateway)).toBe(2);
  });
});
