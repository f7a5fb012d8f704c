// A board run killed and resumed for real: the app's storyboard runner in a child process (the real library core
// sending its queue, the one job runner, the npm package's ffmpeg) runs a two-shot board on the demo gateway, is
// killed with SIGKILL at seeded moments a few times and restarted on the same database, then let finish. The
// gateway's own record says each shot was created (and charged) once, the run's job ended done, and the cut was
// filed once. Small on purpose: it runs in npm test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { JobStore } from '../../../electron/core/jobs';
import { Library } from '../../../electron/core/library/library';
import { StoryboardRunStore } from '../../../electron/core/storyboard';
import { cutTaskId } from '../../../electron/core/storyboard/cut-filing';
import { SIM_KEYS, startSimulator } from '../../../electron/simulator';
import { JOB_KINDS } from '../../../shared/studio/jobs';
import { runSoakLife } from '../../soak/queue-soak';
import { killAfterMs, seededRandom } from '../../soak/soak-report';

const TIME_SCALE = 0.01;
/** Lives killed before the one let finish; each within this long of its start (past its first moments). */
const KILLS = 3;
const KILL_WITHIN_MS = 1_500;

describe('storyboard runs killed and resumed', () => {
  it('killed at seeded moments, then let finish: every shot sent and charged once, the cut filed once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-board-kills-'));
    const sim = await startSimulator({ timeScale: TIME_SCALE, seed: 5 });
    const dbPath = join(dir, 'studio.db');
    const libraryDir = join(dir, 'library');
    const env = {
      BOARD_KILL_CONFIG: JSON.stringify({
        dbPath,
        libraryDir,
        baseUrl: sim.url,
        apiKey: SIM_KEYS.default,
        timeScale: TIME_SCALE,
      }),
    };
    const random = seededRandom(29);
    try {
      let killed = 0;
      for (let lives = 1; ; lives++) {
        const kill = killed < KILLS ? killAfterMs(random, KILL_WITHIN_MS) : null;
        const life = await runSoakLife(env, kill, 'test/core/storyboard/board-kill-child.ts');
        if (life.done) break;
        expect(life.code, `life ${lives} ended by itself`).toBeNull();
        killed++;
      }
      // At least one life was cut off mid-run (else this would test nothing).
      expect(killed).toBeGreaterThan(0);

      const shots = sim.createdTasks().flatMap((t) => {
        const tag = /kill-shot-\d/.exec(String(t.body.prompt ?? ''))?.[0];
        return tag ? [{ tag, charged: t.charged }] : [];
      });
      expect(shots.map((s) => s.tag).sort()).toEqual(['kill-shot-1', 'kill-shot-2']);
      expect(shots.every((s) => s.charged)).toBe(true);

      const db = new DatabaseSync(dbPath);
      try {
        const runs = new StoryboardRunStore(db).recent();
        expect(runs.map((r) => r.run.state)).toEqual(['completed']);
        const run = runs[0]?.run;
        expect(new JobStore(db).byKey(JOB_KINDS.storyboard, run?.id ?? '')?.state).toBe('done');
        const cuts = new Library({ db, dir: libraryDir }).forTask(cutTaskId(run?.id ?? ''));
        expect(cuts.map((c) => c.id)).toEqual([run?.cutItemId]);
      } finally {
        db.close();
      }
    } finally {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
