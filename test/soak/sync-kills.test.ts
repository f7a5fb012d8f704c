// The short version inside npm test (`npm run soak -- --sync` runs 20 kills): CLI `sync` processes killed with
// SIGKILL mid-upload, mid-publish and mid-download, then convergence with nothing lost or duplicated (items,
// files, presets and prompts), with lives that begin on a remote someone with write access damaged.
import { describe, expect, it } from 'vitest';
import { runSyncKills } from './sync-kills';

describe('sync under kill -9 (short)', () => {
  it('4 kills of a CLI sync at seeded moments, some lives on a damaged remote: 0 lost, 0 duplicated, a, b and a fresh restore agree', async () => {
    const report = await runSyncKills({ kills: 4, seed: 7, damage: true });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ kills: 4, lost: 0, duplicated: 0, differing: 0 });
    expect(report.damaged).toBeGreaterThan(0);
  }, 120_000);
});
