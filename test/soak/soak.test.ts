// The short soak inside npm test (the full one is `npm run soak`): mixed tasks, 20 % faults on every path,
// SIGKILLs of the engine process and restarts on the same database. Issue 8's targets: every task the gateway
// charged ends completed with its files or reported as charged-but-lost with its reconciliation; no duplicate,
// no corrupt or stray file, a sound database. [EP-IMAGE-I2HDR-1] [ERR-9] [ERR-10] [ERR-11] [EP-USAGE-1]
import { describe, expect, it } from 'vitest';
import { formatSoak, runSoak } from './run-soak';

describe('soak (short)', () => {
  it('20 tasks, 20 % faults, 3 kills: nothing paid for is lost, nothing duplicated or corrupt', async () => {
    const report = await runSoak({ tasks: 20, faultRate: 0.2, kills: 3, maxLifeMs: 2_500 });
    expect(report.problems, formatSoak(report)).toEqual([]);
    const row = (label: string) => report.rows.find(([name]) => name.startsWith(label))?.[1];
    expect(row('tasks planned')).toBe(20);
    expect(row('duplicate')).toBe(0);
    expect(row('engine kills')).toBe(3);
  }, 90_000);
});
