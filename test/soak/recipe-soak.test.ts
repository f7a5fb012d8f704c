// The recipe soak inside npm test, bounded by its size (the fuller one is `npm run soak -- --recipes`): 2 runs of a
// saved two-step recipe, 20 % faults on every request, the runner's process killed with SIGKILL at a random moment
// within 40 simulated seconds of each life's start and restarted on the same database, at least 4 lives. Every run
// ends (none left going or unreadable), no step's row is held as never sent, and no step is created twice upstream.
// The size is the smallest that still fails on the bug this soak caught (a kept run holding the saved recipe's id
// and date, refused by its own strict schema when read after a restart, so the run vanished with step 1 paid): a
// build that keeps the recipe whole failed at 1 run and at 2 (every run no longer read), as it did at the 8 of
// before; docs/testing.md has the runs.
import { describe, expect, it } from 'vitest';
import { runRecipeSoak } from './recipe-soak';
import { formatSoakTable } from './soak-report';

describe('recipe soak (bounded)', () => {
  it('2 runs of a saved recipe, 20 % faults, killed at random moments, 4 lives or more: nothing lost or sent twice', async () => {
    const report = await runRecipeSoak({
      runs: 2,
      faultRate: 0.2,
      killWithinSimMs: 40_000,
      minLives: 4,
      maxLives: 120,
    });
    expect(report.problems, formatSoakTable(report)).toEqual([]);
  }, 400_000);
});
