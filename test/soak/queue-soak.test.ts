// The queue soak inside npm test, bounded by its size (the fuller one is `npm run soak -- --queue`): 12 items
// queued at once, 20 % faults on every request, a request budget of 3 a second (so rows often wait for a slot
// after they are written, the window a kill was found in), the sending engine killed with SIGKILL at a random moment
// of each simulated minute of its life and restarted on the same database until the queue is done, at least 6
// lives. Nothing lost (every item's request left), nothing created twice upstream, nothing out of the queue's
// order. The size is the smallest that still fails on the bug this soak caught (an item marked sent while its row's
// request never left, and no start that sends such a row), with a margin: a build with that start's send taken out
// failed every run at 8 items and at 12 (1 to 5 items never sent a run), as it did at the 40 of before;
// docs/testing.md has the runs.
import { describe, expect, it } from 'vitest';
import { runQueueSoak } from './queue-soak';
import { formatSoakTable } from './soak-report';

describe('queue soak (bounded)', () => {
  it('12 queued items, 20 % faults, killed at random moments, 6 lives or more: nothing lost, doubled or out of order', async () => {
    const report = await runQueueSoak({
      items: 12,
      faultRate: 0.2,
      parallel: 8,
      randomKills: true,
      requestsPerSecond: 3,
      seed: 5,
      minLives: 6,
      maxLives: 90,
    });
    expect(report.problems, formatSoakTable(report)).toEqual([]);
    const row = (label: string) => report.rows.find(([name]) => name.startsWith(label))?.[1];
    expect(row('items sent')).toBe(12);
    expect(Number(row('lives'))).toBeGreaterThanOrEqual(6);
    expect(row('created upstream twice')).toBe(0);
    expect(row('created out of order')).toBe(0);
  }, 400_000);
});
