// The reconciler on its own, against the simulator's usage report on the rig's clock: an interrupted task is
// compared with what the gateway billed once the wait is over, and never before.
import { describe, expect, it } from 'vitest';
import type { LogContext, Logger } from '../../../electron/core/log';
import { driveUntil, useEngineRig, writeRow } from './engine-rig';

const AFTER_MS = 120_000;
const bench = useEngineRig(() => ({ downloads: null, reconcileAfterMs: AFTER_MS }));

describe('Reconciler', () => {
  it('[EP-USAGE-1] compares an interrupted task with the usage of its model and minutes once the wait is over', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    // Two tasks billed upstream; the app knows the charge of one, the other's answer was lost.
    const known = writeRow(p, clock, { id: 'known', prompt: 'known' }).record.id;
    await p.sender.send(known);
    const lost = writeRow(p, clock, { id: 'lost', prompt: 'lost' }).record.id;
    gw.loseNextAck = true;
    await p.sender.send(lost);
    expect(await driveUntil(bench.rig, p, () => p.tasks.get(known)?.state === 'completed')).toBe(true);
    const interruptedAt = p.tasks.get(lost)?.updatedAt ?? 0;
    const compared = () => p.tasks.get(lost)?.reconciliation != null;
    expect(await driveUntil(bench.rig, p, compared)).toBe(true);
    const check = p.tasks.get(lost)?.reconciliation;
    expect(check?.checkedAt).toBeGreaterThanOrEqual(interruptedAt + AFTER_MS);
    expect(check).toMatchObject({ billedRequests: 2, knownRequests: 1, unmatchedRequests: 1 });
    expect(check?.unmatchedUsd).toBeGreaterThan(0);
    expect(check?.windowStart).toBe(Math.floor(interruptedAt / 60_000) * 60_000);
  });

  it('cancel() (the task is being sent again) leaves it uncompared', async () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway());
    const { id } = writeRow(p, clock, { state: 'interrupted' }).record;
    p.reconciler.later(id);
    p.reconciler.cancel(id);
    expect(clock.pendingTimers()).toBe(0);
    await clock.advance(AFTER_MS * 2);
    expect(p.tasks.get(id)?.reconciliation).toBeNull();
  });

  it('resume() compares the tasks interrupted before a restart, not the acknowledged ones', async () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway());
    const waiting = writeRow(p, clock, { id: 'waiting', state: 'interrupted' }).record.id;
    const acked = writeRow(p, clock, { id: 'acked', state: 'interrupted' }).record.id;
    p.tasks.store.update(acked, { remoteId: 'task_known', updatedAt: clock.now() });
    p.reconciler.resume();
    expect(clock.pendingTimers()).toBe(1);
    expect(clock.nextTimerAt()).toBe(clock.now() + AFTER_MS);
    expect(await driveUntil(bench.rig, p, () => p.tasks.get(waiting)?.reconciliation != null)).toBe(true);
    expect(p.tasks.get(acked)?.reconciliation).toBeNull();
  });

  it('a comparison that keeps failing is tried three times in all, each failure told to the logger', async () => {
    const { clock } = bench.rig;
    const told: LogContext[] = [];
    const logger: Logger = {
      warn: (_message, context = {}) => void told.push(context),
      error: () => undefined,
    };
    const p = bench.parts(bench.rig.gateway('not-a-key'), { logger });
    const { id } = writeRow(p, clock, { state: 'interrupted' }).record;
    p.reconciler.later(id);
    const thrice = () => told.length === 3 && clock.pendingTimers() === 0;
    expect(await driveUntil(bench.rig, p, thrice)).toBe(true);
    expect(told.map((t) => t.attempt)).toEqual([1, 2, 3]);
    expect(p.tasks.get(id)?.reconciliation).toBeNull();
  });
});
