// The tracker on its own, against the simulator on the rig's clock: the due-queue, the pump under the budget and
// the in-flight cap, polls and applying their answers. Tasks are created at the gateway by the real client and
// written as acknowledged rows, so no submission code runs.
import { describe, expect, it } from 'vitest';
import type { EngineParts } from '../../../electron/core/tasks/compose-engine';
import { driveUntil, useEngineRig, writeRow } from './engine-rig';
import type { CountingGateway } from './engine-rig';

const bench = useEngineRig(() => ({ downloads: null }));

/** A task the gateway acknowledged, as a row the tracker is told to follow from now. */
async function acknowledged(p: EngineParts, gw: CountingGateway, id: string): Promise<void> {
  const { clock } = bench.rig;
  const row = writeRow(p, bench.rig.clock, { id, prompt: `tracked ${id}` }).record;
  const ack = await gw.submit(row.family, { ...row.params, model: row.model }, { maxAttempts: 1 });
  p.tasks.update(id, {
    remoteId: ack.taskId,
    endpoint: ack.endpoint,
    state: ack.status,
    trackingStartedAt: clock.now(),
  });
}

const polls = (gw: CountingGateway) => gw.log.filter((r) => r.kind === 'poll');

describe('Tracker', () => {
  it('[TASK-10] polls an acknowledged task on its schedule until done, applying each answer to the row', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    await acknowledged(p, gw, 'one');
    const start = clock.now();
    p.tracker.begin('one');
    expect(polls(gw)).toHaveLength(0);
    expect(await driveUntil(bench.rig, p, () => p.tasks.get('one')?.state === 'completed')).toBe(true);
    const done = p.tasks.get('one');
    expect(done).toMatchObject({ progress: 100, error: null });
    expect(done?.cost).toBeGreaterThan(0);
    expect((polls(gw)[0]?.at ?? 0) - start).toBe(3_000); // the first poll at the image prior
    expect(polls(gw).length).toBeLessThanOrEqual(3);
    expect(p.stats.polls).toBe(polls(gw).length);
  });

  it('keeps no more polls in flight than its cap; the next starts as one is answered', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw, { maxInFlight: 2 });
    const ids = ['a', 'b', 'c', 'd'];
    for (const id of ids) await acknowledged(p, gw, id);
    // Answers are held until released, so the polls in flight can be counted.
    const held: (() => void)[] = [];
    let asked = 0;
    let onAsked = (): void => undefined;
    const ask = gw.getTask.bind(gw);
    gw.getTask = async (...args) => {
      asked++;
      onAsked();
      await new Promise<void>((release) => held.push(release));
      return ask(...args);
    };
    const askedTimes = (n: number) =>
      new Promise<void>((resolve) => {
        onAsked = () => asked >= n && resolve();
        onAsked();
      });
    for (const id of ids) p.tracker.begin(id);
    await clock.advance(3_000);
    expect(held).toHaveLength(2);
    expect(p.tracker.inFlight).toBe(2);
    expect(asked).toBe(2);
    held.shift()?.();
    // The answered poll frees its slot: the third starts, and no fourth.
    await askedTimes(3);
    expect(p.tracker.inFlight).toBe(2);
    expect(held).toHaveLength(2);
    gw.getTask = ask;
    for (const release of held.splice(0)) release();
    const allDone = () => ids.every((id) => p.tasks.get(id)?.state === 'completed');
    expect(await driveUntil(bench.rig, p, allDone)).toBe(true);
  });

  it('sends no more polls in any second than the request budget allows', async () => {
    const gw = bench.rig.gateway();
    const p = bench.parts(gw, { budget: { requests: 3, perMs: 1_000 } });
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const id of ids) await acknowledged(p, gw, id);
    for (const id of ids) p.tracker.begin(id);
    const allDone = () => ids.every((id) => p.tasks.get(id)?.state === 'completed');
    expect(await driveUntil(bench.rig, p, allDone)).toBe(true);
    const pollTimes = polls(gw).map((r) => r.at);
    const inWindow = (t: number) => pollTimes.filter((u) => u > t - 1_000 && u <= t).length;
    expect(Math.max(...pollTimes.map(inWindow))).toBe(3);
  });

  it('pause() starts nothing more: what falls due is left for a successor', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    await acknowledged(p, gw, 'paused');
    p.tracker.begin('paused');
    p.tracker.pause();
    await clock.advance(60_000);
    p.tracker.schedule('paused', clock.now());
    await clock.advance(60_000);
    expect(polls(gw)).toHaveLength(0);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('refresh() asks once now, out of turn, inside the budget; a settled task is returned as stored', async () => {
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    await acknowledged(p, gw, 'asked');
    const { task, error } = await p.tracker.refresh('asked');
    expect(error).toBeNull();
    expect(task.remoteId).toBeTruthy();
    expect(polls(gw)).toHaveLength(1);
    p.tasks.update('asked', { state: 'stopped' });
    await p.tracker.refresh('asked');
    expect(polls(gw)).toHaveLength(1);
  });
});
