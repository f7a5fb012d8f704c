// The budget race, bounded for npm test (the full one is `npm run soak -- --budget-race`): three CLI processes
// and the app's core press Generate against one daily budget with room for two tasks, 20 % of the gateway's
// answers faulty. No round may end with more charged than the budget allows, and no press may be created twice.
// Hangs are left to the full run: a hung request waits out the CLI's whole timeout, which would make this test
// minutes long without racing any differently.
import { describe, expect, it } from 'vitest';
import { runBudgetRace } from './budget-race';
import { formatSoakTable } from './soak-report';

describe('budget race (short)', () => {
  it('3 CLI processes and the app, one budget, 20 % faults: never over budget, never created twice', async () => {
    const report = await runBudgetRace({ rounds: 2, faultRate: 0.2, kinds: ['429', '500', '502', 'reset'] });
    expect(report.problems, formatSoakTable(report)).toEqual([]);
    const row = (label: string) => report.rows.find(([name]) => name.startsWith(label))?.[1];
    expect(row('rounds over budget')).toBe(0);
    expect(row('presses created twice')).toBe(0);
    // Five presses for room of two in each round: the budget, not luck, is what stopped the rest.
    expect(Number(row('presses refused by the budget'))).toBeGreaterThan(0);
  }, 240_000);
});
