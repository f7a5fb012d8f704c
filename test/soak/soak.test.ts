// The short soak inside npm test (the full one is `npm run soak`): mixed tasks, 20 % faults on every path,
// SIGKILLs of the engine process and restarts on the same database. The targets: every task the gateway
// charged ends completed with its files or reported as charged-but-lost with its reconciliation; no duplicate,
// no corrupt or stray file, a sound database. [EP-IMAGE-I2HDR-1] [ERR-9] [ERR-10] [ERR-11] [EP-USAGE-1]
import { describe, expect, it } from 'vitest';
import { HEAP_GROWTH_LIMIT, heapRows, runSoak, type Life } from './run-soak';
import { formatSoakTable } from './soak-report';

describe('soak (short)', () => {
  it('20 tasks, 20 % faults, 3 kills: nothing paid for is lost, nothing duplicated or corrupt', async () => {
    const report = await runSoak({ tasks: 20, faultRate: 0.2, kills: 3, maxLifeMs: 2_500 });
    expect(report.problems, formatSoakTable(report)).toEqual([]);
    const row = (label: string) => report.rows.find(([name]) => name.startsWith(label))?.[1];
    expect(row('tasks planned')).toBe(20);
    expect(row('duplicate')).toBe(0);
    expect(row('engine kills')).toBe(3);
    // The engine's memory is sampled (after GC) at settled-task milestones and checked flat.
    expect(row('engine settled heap')).toMatch(/MiB at \d+ settled \/ .* MiB at 20 settled/);
  }, 90_000);
});

describe('soak memory line', () => {
  const life = (...heap: [number, number][]): Life => ({
    code: null,
    done: false,
    start: { settled: 0, heapUsed: 20_000_000 },
    heap: heap.map(([settled, heapUsed]) => ({ settled, heapUsed })),
  });

  it('passes a settled heap that stays flat across lives and milestones', () => {
    const { rows, problems } = heapRows([life([2, 20e6], [4, 20.5e6]), life([6, 20.2e6], [20, 21e6])]);
    expect(problems).toEqual([]);
    expect(rows[0]?.[1]).toBe('19.1 MiB at 2 settled / 20.0 MiB at 20 settled (+1.0 MiB)');
  });

  it('reports a heap that grows past the limit within one life', () => {
    const leak = HEAP_GROWTH_LIMIT + 1_000_000;
    const { problems } = heapRows([life([2, 20e6], [20, 20e6 + leak]), life([20, 20e6])]);
    expect(problems).toEqual([expect.stringMatching(/grew by .* within one life/)]);
  });
});
