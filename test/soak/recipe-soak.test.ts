// The recipe soak inside npm test, bounded by its size (the fuller one is `npm run soak -- --recipes`): 8 runs of a
// saved two-step recipe, 20 % faults on every request, the runner's process killed with SIGKILL at a random moment
// within 40 simulated seconds of each life's start and restarted on the same database, at least 20 lives. Every run ends
// (none left going or unreadable), no step's row is held as never sent, and no step is created twice upstream.
import { describe, expect, it } from 'vitest';
import { runRecipeSoak } from './recipe-soak';
import { formatSoakTable } from './soak-report';

describe('recipe soak (bounded)', () => {
  it('8 runs of a saved recipe, 20 % faults, killed at random moments, 20 lives or more: nothing lost or sent twice', async () => {
    const report = await runRecipeSoak({
      runs: 8,
      faultRate: 0.2,
      killWithinSimMs: 40_000,
      minLives: 20,
      maxLives: 120,
    });
    expect(report.problems, formatSoakTable(report)).toEqual([]);
  }, 400_000);
});
