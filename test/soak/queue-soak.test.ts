// The queue soak inside npm test, bounded (the fuller one is `npm run soak -- --queue`): 50 items queued at
// once, 20 % faults on every request, the sending engine killed with SIGKILL four times and restarted on the
// same database. Nothing lost, nothing created twice upstream, nothing created out of the queue's order.
import { describe, expect, it } from 'vitest';
import { runQueueSoak } from './queue-soak';
import { formatSoakTable } from './soak-report';

describe('queue soak (bounded)', () => {
  it('50 queued items, 20 % faults, 4 kills: nothing lost, doubled or sent out of order', async () => {
    const report = await runQueueSoak({ items: 50, faultRate: 0.2, kills: 4, maxLifeMs: 2_500, parallel: 8 });
    expect(report.problems, formatSoakTable(report)).toEqual([]);
    const row = (label: string) => report.rows.find(([name]) => name.startsWith(label))?.[1];
    expect(row('items sent')).toBe(50);
    expect(row('engine kills')).toBe(4);
    expect(row('created upstream twice')).toBe(0);
    expect(row('created out of order')).toBe(0);
  }, 180_000);
});
