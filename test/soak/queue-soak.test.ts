// The queue soak inside npm test, bounded by its size (the fuller one is `npm run soak -- --queue`): 50 items
// queued at once, 20 % faults on every request, the sending engine killed with SIGKILL every simulated minute of
// its life and restarted on the same database until the queue is done. Nothing lost, nothing created twice
// upstream, nothing created out of the queue's order.
import { describe, expect, it } from 'vitest';
import { runQueueSoak } from './queue-soak';
import { formatSoakTable } from './soak-report';

describe('queue soak (bounded)', () => {
  it('50 queued items, 20 % faults, a kill every simulated minute: nothing lost, doubled or sent out of order', async () => {
    const report = await runQueueSoak({ items: 50, faultRate: 0.2, parallel: 8, maxLives: 60 });
    expect(report.problems, formatSoakTable(report)).toEqual([]);
    const row = (label: string) => report.rows.find(([name]) => name.startsWith(label))?.[1];
    expect(row('items sent')).toBe(50);
    // Killed every minute until done (14 kills in a run of 2026-11-26), not a handful at chosen moments.
    expect(Number(row('engine kills'))).toBeGreaterThanOrEqual(4);
    expect(row('created upstream twice')).toBe(0);
    expect(row('created out of order')).toBe(0);
  }, 300_000);
});
