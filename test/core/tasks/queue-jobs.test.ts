// The submission queue on the studio's durable job mechanism: each item is a job written with it, before anything
// of it is sent; the mechanism runs it when the queue's rules give it its turn, tells each change of it (the
// stream the renderer hears), and a cancelled item's job is cancelled with it. While the queue is paused nothing
// of it runs and nothing is told, however long the clock goes on.
import { describe, expect, it } from 'vitest';
import { JobRunner, type JobChange } from '../../../electron/core/jobs';
import { QUEUE_JOB } from '../../../electron/core/tasks/queue-sending';
import { driveUntil, i3, useEngineRig } from './engine-rig';

const rigs = useEngineRig();

describe('queue items as durable jobs', () => {
  it('writes each item its job before sending, runs it in the queue order, and tells each change', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const jobs = new JobRunner({ db: rig.openDb(), clock: rig.clock });
    const changes: JobChange[] = [];
    jobs.subscribe((change) => changes.push(change));
    const engine = rigs.engine(gateway, { runQueue: true, jobs });
    await engine.start();
    jobs.start();
    engine.queue.pause();
    const ids = await engine.queue.add(['one', 'two'].map((prompt) => i3(prompt)));
    // Written, waiting, and nothing sent: the row comes before the work.
    expect(ids.map((id) => jobs.store.byKey(QUEUE_JOB, id)?.state)).toEqual(['waiting', 'waiting']);
    expect(changes.map((c) => [c.key, c.state])).toEqual(ids.map((id) => [id, 'waiting']));
    // Paused for ten minutes of the clock: no job runs, no change is told, nothing is sent.
    changes.length = 0;
    await driveUntil(rig, engine, () => false, { maxSimMs: 600_000 });
    expect(changes).toEqual([]);
    expect(gateway.bodies).toEqual([]);

    engine.queue.move(ids[1] ?? '', 'front');
    engine.queue.resume();
    const done = await driveUntil(rig, engine, () =>
      ids.every((id) => jobs.store.byKey(QUEUE_JOB, id)?.state === 'done'),
    );
    expect(done).toBe(true);
    const runs = changes.filter((c) => c.state === 'running').map((c) => c.key);
    expect(runs).toEqual([ids[1], ids[0]]);
    expect(gateway.bodies.map((b) => (JSON.parse(b) as { prompt: string }).prompt)).toEqual(['two', 'one']);
    // Each change says its kind, tries and next try: what the renderer's `job` events carry.
    expect(changes.every((c) => c.kind === QUEUE_JOB && c.attempts === 0)).toBe(true);
    await engine.close();
    await jobs.close();
  });

  it("cancels an item's job with the item: it never runs", async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const jobs = new JobRunner({ db: rig.openDb(), clock: rig.clock });
    const engine = rigs.engine(gateway, { runQueue: true, jobs });
    await engine.start();
    jobs.start();
    engine.queue.pause();
    const [id] = await engine.queue.add([i3('dropped')]);
    engine.queue.cancel([id ?? '']);
    expect(jobs.store.byKey(QUEUE_JOB, id ?? '')?.state).toBe('cancelled');
    engine.queue.resume();
    await driveUntil(rig, engine, () => false, { maxSimMs: 30_000 });
    expect(gateway.bodies).toEqual([]);
    await engine.close();
    await jobs.close();
  });

  it('gives an item kept without a job (an earlier version, a kill between the two writes) its job at start', async () => {
    const { rig } = rigs;
    const gateway = rig.gateway();
    const first = rigs.engine(gateway, { runQueue: false });
    const [id] = await first.queue.add([i3('kept')]);
    // As if the item's row were written and the process died before its job was.
    rig.openDb().prepare('DELETE FROM jobs').run();
    await first.close();
    const second = rigs.engine(gateway, { runQueue: true });
    await second.start();
    const sent = await driveUntil(rig, second, () => second.queue.store.get(id ?? '')?.state === 'sent');
    expect(sent).toBe(true);
    expect(gateway.bodies).toHaveLength(1);
  });
});
