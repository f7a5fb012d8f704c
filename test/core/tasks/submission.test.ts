// Submissions on their own, against the simulator on the rig's clock: a press is admitted and written as a row
// before it waits for the budget, and a repeat of the same key is the same task, whatever the family.
import { describe, expect, it } from 'vitest';
import { localError } from '../../../shared/bridge/errors';
import type { SubmissionGuard, TaskConfiguration } from '../../../electron/core/tasks/task-history';
import { i3, useEngineRig } from './engine-rig';

const bench = useEngineRig(() => ({ downloads: null }));
const KEY = 'press-0123456789abcdef';

describe('Submissions', () => {
  it('writes the row before waiting for a budget slot; a repeat of the key answers with that task', async () => {
    const gw = bench.rig.gateway();
    const p = bench.parts(gw, { budget: { requests: 1, perMs: 60_000 } });
    await p.submissions.submit(i3('first in the window'));
    const written = new Promise<void>((resolve) => {
      const off = p.events.on('task', (e) => {
        if (e.task.params.prompt !== 'waits for the budget') return;
        off();
        resolve();
      });
    });
    const waiting = p.submissions.submit(i3('waits for the budget'), { key: KEY });
    const again = p.submissions.submit(i3('waits for the budget'), { key: KEY });
    await written;
    expect(p.queries.list({ states: ['submitting'] })).toHaveLength(1);
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(1);
    await bench.rig.clock.advance(60_000);
    const [first, second] = await Promise.all([waiting, again]);
    // The repeat waited for the first's answer rather than taking the row as it stood.
    expect(second.id).toBe(first.id);
    expect(second.remoteId).toBeTruthy();
    expect(second.remoteId).toBe(first.remoteId);
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(2);
    // Answered: a later repeat sends nothing; the same key for another request is refused.
    expect((await p.submissions.submit(i3('waits for the budget'), { key: KEY })).id).toBe(first.id);
    await expect(p.submissions.submit(i3('something else'), { key: KEY })).rejects.toThrow(/already used/);
    expect(gw.log.filter((r) => r.kind === 'submit')).toHaveLength(2);
  });

  it('asks the spending guard before a row exists; a batch is asked once for its total', async () => {
    const totals: TaskConfiguration[][] = [];
    let refuse = true;
    const guard: SubmissionGuard = {
      admit: () => {
        if (refuse) throw localError('budget_exceeded', 'Over the daily limit.', {});
      },
      admitAll: (tasks) => void totals.push([...tasks]),
    };
    const gw = bench.rig.gateway();
    const p = bench.parts(gw, { guard });
    await expect(p.submissions.submit(i3('refused'))).rejects.toThrow('Over the daily limit.');
    expect(p.queries.count()).toBe(0);
    refuse = false;
    const { tasks } = await p.submissions.submitBatch([i3('one'), i3('two'), i3('three')], { key: KEY });
    expect(tasks).toHaveLength(3);
    expect(totals.map((a) => a.length)).toEqual([3]);
    expect(tasks.every((t) => t.batch?.id === KEY && t.batch.size === 3)).toBe(true);
  });
});
