// Stop tracking, and Track again. Stopping tracking does not stop the gateway: it finishes the task
// and charges it. So the row stays, its charge is compared with the usage report like a lost answer's, and Track
// again polls the same gateway task again and fetches its result, with no second submission and no new charge.
import { describe, expect, it } from 'vitest';
import type { TaskEngine } from '../../../electron/core/tasks/task-engine';
import { driveUntil, i3, useEngineRig } from './engine-rig';

const AFTER_MS = 120_000;
const bench = useEngineRig(() => ({ reconcileAfterMs: AFTER_MS }));

const savedAll = (e: TaskEngine, id: string) => (): boolean => {
  const t = e.get(id);
  return t?.state === 'completed' && t.downloads.total > 0 && t.downloads.done === t.downloads.total;
};

describe('Stop tracking, then Track again', () => {
  it('[EP-USAGE-1] [EP-TASK-1] a stopped task is charged upstream, reconciled from usage, then fetched by Track again under its own id', async () => {
    const gw = bench.rig.gateway();
    const e = bench.engine(gw);
    await e.start();
    const task = await e.submit(i3('a harbour at dawn'));
    const created = bench.rig.sim.createdTasks().length;
    expect(task.remoteId).not.toBeNull();
    const stopped = e.stop(task.id);
    expect(stopped.state).toBe('stopped');

    // The gateway goes on and charges it; the app, not tracking, reads that charge from usage once the wait is over.
    const reconciled = () => e.get(task.id)?.reconciliation != null;
    expect(await driveUntil(bench.rig, e, reconciled, { maxSimMs: AFTER_MS * 3 })).toBe(true);
    expect(e.get(task.id)).toMatchObject({
      state: 'stopped',
      cost: null,
      reconciliation: { billedRequests: 1, knownRequests: 0, unmatchedRequests: 1 },
    });
    expect(e.get(task.id)?.reconciliation?.unmatchedUsd).toBeGreaterThan(0);
    const polled = gw.log.filter((r) => r.kind === 'poll' && r.taskId === task.remoteId).length;

    // Track again: the same remote task asked again, its result downloaded, its cost the gateway's.
    const tracked = e.track(task.id);
    expect(tracked).toMatchObject({ id: task.id, remoteId: task.remoteId, error: null });
    expect(await driveUntil(bench.rig, e, savedAll(e, task.id))).toBe(true);
    expect(gw.log.filter((r) => r.kind === 'poll' && r.taskId === task.remoteId).length).toBeGreaterThan(
      polled,
    );
    expect(e.get(task.id)?.cost).toBeGreaterThan(0);
    // Never submitted again: the gateway made exactly the one task, and it is the row's.
    expect(bench.rig.sim.createdTasks()).toHaveLength(created);
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
  });

  it('a stopped task is compared with usage after a restart too', async () => {
    const e = bench.engine(bench.rig.gateway());
    await e.start();
    const task = await e.submit(i3('a mill at noon'));
    e.stop(task.id);
    await e.close();
    const again = bench.engine(bench.rig.gateway());
    await again.start();
    const reconciled = () => again.get(task.id)?.reconciliation != null;
    expect(await driveUntil(bench.rig, again, reconciled, { maxSimMs: AFTER_MS * 3 })).toBe(true);
    expect(again.get(task.id)?.state).toBe('stopped');
  });

  it('only a stopped task with a gateway id is tracked again; anything else is refused with a sentence', async () => {
    const e = bench.engine(bench.rig.gateway());
    await e.start();
    const running = await e.submit(i3('a field of wheat'));
    expect(() => e.track(running.id)).toThrow(/Only a task whose tracking was stopped/);
    expect(e.get(running.id)?.state).not.toBe('stopped');
  });
});
