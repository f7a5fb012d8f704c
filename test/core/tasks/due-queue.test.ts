import { describe, expect, it } from 'vitest';
import { DueQueue } from '../../../electron/core/tasks/due-queue';

describe('DueQueue', () => {
  it('pops earliest first, ties in insertion order, and moves or deletes entries', () => {
    const q = new DueQueue();
    const order = Array.from({ length: 200 }, (_, i) => ({ id: `t${i}`, due: (i * 7919) % 101 }));
    for (const { id, due } of order) q.set(id, due);
    q.set('t0', 1_000);
    expect(q.delete('t1')).toBe(true);
    expect(q.delete('missing')).toBe(false);
    const popped: { id: string; dueAt: number }[] = [];
    for (let e = q.pop(); e; e = q.pop()) popped.push(e);
    expect(popped).toHaveLength(199);
    for (let i = 1; i < popped.length; i++) {
      expect((popped[i - 1]?.dueAt ?? 0) <= (popped[i]?.dueAt ?? 0)).toBe(true);
    }
    expect(popped.at(-1)?.id).toBe('t0');
    const ties = popped.filter((p) => p.dueAt === 0).map((p) => p.id);
    expect(ties).toEqual(order.filter((o) => o.due === 0 && o.id !== 't0').map((o) => o.id));
  });
});
