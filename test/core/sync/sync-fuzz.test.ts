// The remote's reader and apply path under 1 000+ hostile cases a run (remote-fuzz.ts), on a real folder remote
// and a real library, plain and encrypted: no exception escapes a round, nothing is written outside the library
// and the app's data folder, and the library still files and syncs. Seeded, so a failure replays exactly;
// `npm run soak -- --sync` runs it larger.
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../support/studio-db';
import { fuzzRemote } from './remote-fuzz';

describe('fuzzing what the remote holds', () => {
  const temp = useTempDir('sync-fuzz-');

  it.each([
    { encrypted: false, seed: 31 },
    { encrypted: true, seed: 131 },
  ])(
    '$encrypted: 520 hostile cases, seed $seed',
    async ({ encrypted, seed }) => {
      const result = await fuzzRemote({ seed, cases: 520, root: temp.dir, encrypted });
      expect(result.cases).toBeGreaterThanOrEqual(520);
      expect(result.escaped).toEqual([]);
      expect(result.outside).toEqual([]);
      expect(result.reported).toBeGreaterThan(0);
      expect(result.items).toBeGreaterThanOrEqual(2);
    },
    60_000,
  );
});
