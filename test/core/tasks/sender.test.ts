// The sender on its own, against the simulator on the rig's clock: a row in 'submitting' becomes a request,
// and each kind of answer is written on the row as "Money under faults" says (docs/engine.md).
import { describe, expect, it } from 'vitest';
import { driveUntil, useEngineRig, writeRow } from './engine-rig';

const SUBMIT_PATH = '/v1/images/generations';
const bench = useEngineRig(() => ({ downloads: null, reconcileAfterMs: 120_000 }));

describe('Sender', () => {
  it('writes sentAt before the request leaves, then hands the acknowledged task to the tracker', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    const { id } = writeRow(p, clock).record;
    let sentAtOnTheWire: number | null | undefined;
    gw.onSubmit = () => (sentAtOnTheWire = p.tasks.store.get(id)?.sentAt);
    const acked = await p.sender.send(id);
    expect(sentAtOnTheWire).toBe(clock.now());
    expect(acked.remoteId).toBeTruthy();
    expect(acked.state).not.toBe('submitting');
    // Tracked from here: the tracker's first poll finds it and follows it to the end.
    expect(await driveUntil(bench.rig, p, () => p.tasks.get(id)?.state === 'completed')).toBe(true);
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
  });

  it('a lost answer on a family the key does not protect is interrupted, said to be maybe charged, and reconciled', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    const { id } = writeRow(p, clock).record;
    gw.loseNextAck = true;
    const lost = await p.sender.send(id);
    expect(lost).toMatchObject({ state: 'interrupted', remoteId: null });
    expect(lost.error?.message).toMatch(/may have charged/i);
    await clock.advance(120_000);
    expect(await driveUntil(bench.rig, p, () => p.tasks.get(id)?.reconciliation !== null)).toBe(true);
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
  });

  it('[ERR-9] a 429 did nothing: the row stays submitting with sentAt cleared, and goes again after the wait', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    const { id } = writeRow(p, clock).record;
    bench.rig.sim.faults.set({ paths: [SUBMIT_PATH], retryAfterSeconds: 30 });
    bench.rig.sim.faults.enqueue('429');
    const waiting = await p.sender.send(id);
    expect(waiting).toMatchObject({ state: 'submitting', error: { httpStatus: 429 } });
    expect(p.tasks.store.get(id)?.sentAt).toBeNull();
    expect(await driveUntil(bench.rig, p, () => p.tasks.get(id)?.remoteId !== null)).toBe(true);
    const at = gw.log.filter((r) => r.kind === 'submit').map((r) => r.at);
    expect(at).toHaveLength(2);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(30_000);
  });

  it('resume(): a row that never left is held for the person; one that left without an answer is interrupted, or sent on a handover', async () => {
    const { clock } = bench.rig;
    const gw = bench.rig.gateway();
    const p = bench.parts(gw);
    const never = writeRow(p, clock, { id: 'never-sent', prompt: 'never sent' }).record.id;
    const cut = writeRow(p, clock, { id: 'cut-off', prompt: 'cut off' }).record.id;
    p.tasks.store.update(cut, { sentAt: clock.now(), updatedAt: clock.now() });
    p.sender.resume(false);
    expect(p.tasks.get(cut)).toMatchObject({ state: 'interrupted' });
    expect(p.tasks.get(cut)?.error?.message).toMatch(/may have charged/);
    // Never sent: nothing charged, said so, and not sent behind the person's back.
    expect(p.tasks.get(never)).toMatchObject({ state: 'interrupted', error: { code: 'never_sent' } });
    expect(p.tasks.get(never)?.error?.message).toMatch(/^Not sent: .* nothing was charged/);
    await driveUntil(bench.rig, p, () => false, { maxSimMs: 60_000 });
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(0);

    const handed = writeRow(p, clock, { id: 'handed-over', prompt: 'handed over' }).record.id;
    p.tasks.store.update(handed, { sentAt: clock.now(), updatedAt: clock.now() });
    p.sender.resume(true);
    expect(await driveUntil(bench.rig, p, () => p.tasks.get(handed)?.remoteId !== null)).toBe(true);
    expect(p.tasks.get(cut)?.remoteId).toBeNull();
  });
});
