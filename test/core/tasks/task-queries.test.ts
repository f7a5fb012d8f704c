// The read side on its own: what the list, counts and totals show of the rows, and waiting for a task to settle
// on the task events (no clock moves, no request is sent).
import { describe, expect, it } from 'vitest';
import { useEngineRig, writeRow } from './engine-rig';

const bench = useEngineRig(() => ({ downloads: null }));

describe('TaskQueries', () => {
  it('lists, counts and totals the rows as they stand, by state', () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway());
    writeRow(p, clock, { id: 'a', state: 'completed' });
    writeRow(p, clock, { id: 'b', state: 'completed' });
    writeRow(p, clock, { id: 'c', state: 'failed' });
    p.tasks.store.update('a', { cost: 0.25, updatedAt: clock.now() });
    p.tasks.store.update('b', { cost: 0.5, updatedAt: clock.now() });
    expect(p.queries.count()).toBe(3);
    expect(p.queries.count({ states: ['completed'] })).toBe(2);
    expect(p.queries.list({ states: ['failed'] }).map((t) => t.id)).toEqual(['c']);
    expect(p.queries.list({ limit: 1 })).toHaveLength(1);
    expect(p.queries.costTotal({ states: ['completed'] })).toMatchObject({ count: 2, usd: 0.75 });
    expect(p.queries.links('unknown')).toEqual({ madeFrom: [], madeFromThis: [] });
  });

  it('waitFor() resolves on the change that settles the task, not before', async () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway());
    writeRow(p, clock, { id: 'w', state: 'pending' });
    let settled = false;
    const waiting = p.queries.waitFor('w').then((t) => {
      settled = true;
      return t;
    });
    p.tasks.update('w', { state: 'processing', progress: 50 });
    await Promise.resolve();
    expect(settled).toBe(false);
    p.tasks.update('w', { state: 'failed' });
    expect(await waiting).toMatchObject({ id: 'w', state: 'failed' });
  });

  it('waitFor() rejects for a task that does not exist, and when the caller gives up', async () => {
    const { clock } = bench.rig;
    const p = bench.parts(bench.rig.gateway());
    await expect(p.queries.waitFor('missing')).rejects.toMatchObject({
      type: 'not_found_error',
      message: 'No task with id missing.',
    });
    writeRow(p, clock, { id: 'w', state: 'pending' });
    const stop = new AbortController();
    const waiting = p.queries.waitFor('w', stop.signal);
    stop.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
  });
});
