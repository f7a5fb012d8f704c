// The pacer on its own: when a tracked task is asked next, from what this run knows of it and what the history
// learned, on the rig's manual clock (the rows are real ones in the engine's store).
import { describe, expect, it } from 'vitest';
import type { TaskHistory } from '../../../electron/core/tasks/task-history';
import { useEngineRig, writeRow } from './engine-rig';

const bench = useEngineRig(() => ({ downloads: null, random: () => 0 }));
const tracking = (at: number, estimatedTime: number | null = null) => ({
  state: 'pending' as const,
  trackingStartedAt: at,
  estimatedTime,
});

describe('Pacer', () => {
  it("asks at the kind's prior first, just after the estimate next, then every 10 % of the time taken", async () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway());
    const id = writeRow(p, clock).record.id;
    let task = p.tasks.store.update(id, { ...tracking(clock.now()), updatedAt: clock.now() });
    expect(p.pacer.delayFor(task)).toBe(3_000); // an image's prior, before anything is known
    await clock.advance(3_000);
    p.pacer.answered(id);
    task = p.tasks.store.update(id, { estimatedTime: 20, updatedAt: clock.now() });
    expect(p.pacer.delayFor(task)).toBe(20_000 + 600 - 3_000); // the estimate plus 3 % slack
    await clock.advance(37_000);
    p.pacer.answered(id);
    expect(p.pacer.delayFor(task)).toBe(4_000); // overdue at 40 s: every 10 % of it
  });

  it('asks a task resumed after a restart at once only if it should be done by now', () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway());
    const id = writeRow(p, clock).record.id;
    let task = p.tasks.store.update(id, { ...tracking(clock.now() - 10_000, 60), updatedAt: clock.now() });
    p.pacer.markResumed(id);
    expect(p.pacer.delayFor(task)).toBe(60_000 + 1_800 - 10_000);
    task = p.tasks.store.update(id, { ...tracking(clock.now() - 70_000, 60), updatedAt: clock.now() });
    p.pacer.markResumed(id);
    expect(p.pacer.delayFor(task)).toBe(0);
    // Only the first delay after the restart: the next one follows the schedule.
    expect(p.pacer.delayFor(task)).toBeGreaterThan(0);
  });

  it("backs off doubling on errors in a row, takes the gateway's own wait, and starts over after an answer", () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway());
    const id = writeRow(p, clock, { state: 'pending' }).record.id;
    expect([p.pacer.failed(id), p.pacer.failed(id), p.pacer.failed(id)]).toEqual([1_000, 2_000, 4_000]);
    expect(p.pacer.failed(id, 7_000)).toBe(7_000);
    expect(p.pacer.failed(id)).toBe(16_000);
    p.pacer.answered(id);
    expect(p.pacer.failed(id)).toBe(1_000);
  });

  it('names the tasks of a model paced without the history, to be asked again once a run taught it', () => {
    const { clock } = bench.rig;
    let learned: number | null = null;
    const history: TaskHistory = {
      expectedDurationMs: () => learned,
      estimateRatio: () => (learned === null ? null : 1),
      configurationKey: (t) => `${t.family} ${t.model}`,
      recordCompletion: () => undefined,
    };
    const p = bench.parts(bench.rig.gateway(), { history });
    const waiting = writeRow(p, clock, { id: 'waiting' });
    writeRow(p, clock, { id: 'never-paced' });
    const done = writeRow(p, clock, { id: 'done' }).record;
    const task = p.tasks.store.update(waiting.record.id, {
      ...tracking(clock.now()),
      updatedAt: clock.now(),
    });
    expect(p.pacer.delayFor(task)).toBe(3_000);
    learned = 12_000;
    expect(p.pacer.unlearned(done)).toEqual(['waiting']);
    expect(p.pacer.delayFor(task)).toBe(12_000 + 120); // the learned duration with 1 % slack
    expect(p.pacer.unlearned(done)).toEqual([]);
  });

  it('gives a task the estimated_time a task of its configuration reported, instead of an early poll', () => {
    const { clock } = bench.rig;
    const history: TaskHistory = {
      expectedDurationMs: () => null,
      estimateRatio: () => null,
      configurationKey: (t) => `${t.family} ${t.model} ${String(t.params.size)}`,
      recordCompletion: () => undefined,
    };
    const p = bench.parts(bench.rig.gateway(), { history });
    const row = (id: string, size: string) => {
      const request = {
        family: 'image.i3' as const,
        model: 'image_model_id_i3',
        params: { prompt: id, size },
      };
      writeRow(p, clock, { id, request });
      return p.tasks.store.update(id, { ...tracking(clock.now()), updatedAt: clock.now() });
    };
    const first = row('first', '1:1');
    const waiting = row('waiting', '1:1');
    const other = row('other', '16:9');
    for (const t of [first, waiting, other]) expect(p.pacer.delayFor(t)).toBe(3_000); // nothing known yet
    p.pacer.answered('first');
    const told = p.tasks.store.update('first', { estimatedTime: 20, updatedAt: clock.now() });
    expect(p.pacer.delayFor(told)).toBe(20_600);
    // Only the task of the same settings waits on the estimate; another prompt does not make it another.
    expect(p.pacer.awaitingEstimate(told.record)).toEqual(['waiting']);
    expect(p.pacer.delayFor(waiting)).toBe(20_600);
    expect(p.pacer.delayFor(other)).toBe(3_000);
    const sentLater = row('sent-later', '1:1');
    expect(p.pacer.delayFor(sentLater)).toBe(20_600);
  });
});
