// What the Tasks page's list costs together, summed in SQL over the list's own filter (its states): charged
// costs in USD and credits ([TASK-8], [TASK-9]); a failed task is not charged ([STATE-7]) so it is not
// "unknown"; any other task without a cost is counted as unknown, never as 0.
import { beforeEach, describe, expect, it } from 'vitest';
import { TaskStore } from '../../../electron/core/tasks/task-store';
import { stampTaskGateway } from '../../../electron/core/tasks/task-costs';
import type { TaskState } from '../../../shared/studio/records';
import { newTask } from '../../support/new-task';
import { useStudioDb } from '../../support/studio-db';

const studio = useStudioDb('task-totals-');
let store: TaskStore;
let seq = 0;

beforeEach(() => {
  store = new TaskStore(studio.db);
});

function task(
  state: TaskState,
  cost: number | null,
  creditsCost: number | null = null,
  gateway: string | null = null,
): void {
  const id = `task-${++seq}`;
  store.insert(newTask({ id, params: { prompt: 'p' }, createdAt: 1_700_000_000_000 + seq }), 'submitting');
  store.update(id, { state, cost, creditsCost, updatedAt: 1_700_000_000_000 + seq });
  if (gateway !== null) stampTaskGateway(studio.db, id, gateway);
}

describe('the cost of the task list', () => {
  it('sums what was charged, counts failures as not charged and the rest without a cost as unknown', () => {
    task('completed', 0.04, 0.4);
    task('completed', 1.5, 15);
    task('failed', null); // [STATE-7]
    task('processing', null); // not charged yet: unknown
    task('interrupted', null); // may have been charged: unknown
    const total = store.costTotal();
    expect(total).toMatchObject({ count: 5, unknown: 2 });
    expect(total.usd).toBeCloseTo(1.54, 9);
    expect(total.credits).toBeCloseTo(15.4, 9);
    expect(total.count).toBe(store.count());
  });

  it('follows the list filter (states)', () => {
    task('completed', 0.04, 0.4);
    task('failed', null);
    task('processing', null);
    expect(store.costTotal({ states: ['completed'] })).toEqual({
      count: 1,
      usd: 0.04,
      credits: 0.4,
      unknown: 0,
      elsewhere: 0,
    });
    expect(store.costTotal({ states: ['processing', 'failed'] })).toEqual({
      count: 2,
      usd: null,
      credits: null,
      unknown: 1,
      elsewhere: 0,
    });
  });

  it('has no credits total when a charge came without its credits (the page then says USD)', () => {
    task('completed', 0.04, 0.4);
    task('completed', 0.1, null);
    expect(store.costTotal()).toMatchObject({ usd: 0.14, credits: null, unknown: 0 });
  });

  it('an empty list costs nothing known', () => {
    expect(store.costTotal()).toEqual({ count: 0, usd: null, credits: null, unknown: 0, elsewhere: 0 });
  });

  it("sums only the gateway in use, as budgets do; other gateways' tasks are counted apart, never added", () => {
    task('completed', 0.04, 0.4, 'https://gateway.example');
    task('processing', null, null, 'https://gateway.example');
    task('completed', 1.5, 15, 'demo'); // the demo's play money
    task('completed', 0.2, 2); // from before tasks carried their gateway: not known to be this one's
    expect(store.costTotal({ gateway: 'https://gateway.example' })).toEqual({
      count: 2,
      usd: 0.04,
      credits: 0.4,
      unknown: 1,
      elsewhere: 2,
    });
    const demo = store.costTotal({ gateway: 'demo', states: ['completed'] });
    expect(demo).toEqual({ count: 1, usd: 1.5, credits: 15, unknown: 0, elsewhere: 2 });
    // Without a gateway (none set up yet) the whole list is summed.
    expect(store.costTotal()).toMatchObject({ count: 4, elsewhere: 0 });
  });
});
