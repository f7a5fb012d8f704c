// Two CLI processes on one database (STUDIO_DATA_DIR shared, as docs/cli.md suggests for sharing the desktop
// app's task list). The waiting `generate` is the real entry point in a child process; the other process
// settles the same task first. The simulator runs on a manual clock, so "the task finished" is a clock step.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/simulator';
import { spawnCli } from '../support/cli-process';
import { cli, useSimulatorCli } from './cli-harness';

const clock = new ManualClock(Date.now());
const rig = useSimulatorCli({ clock }, { dataDir: true });

describe('two processes on one database', () => {
  it('[EP-TASK-1] a waiting generate notices the task another process settled and prints its result', async () => {
    const waiting = spawnCli(['generate', 'image_model_id_i3', '--prompt', 'a shared lighthouse'], {
      cwd: rig.dir,
      env: rig.env,
    });
    const submitted = await waiting.stderrMatch(/task (\S+): submitted/);
    const remoteId = submitted[1] ?? '';

    // The other process asks first, finds it completed and files its picture.
    await clock.advance(5 * 60_000);
    const other = await cli(['--json', 'task', remoteId], rig.env, rig.dir);
    expect(other.code, other.stdout + other.stderr).toBe(0);
    const doc = other.json() as { task: { status: string }; items: { path: string }[] };
    expect(doc.task.status).toBe('completed');
    expect(doc.items).toHaveLength(1);

    const result = await waiting.exit;
    expect(result.code, result.stderr).toBe(0);
    const path = doc.items[0]?.path ?? '';
    expect(existsSync(path)).toBe(true);
    expect(result.stdout).toContain(path);
    expect(result.stdout).toContain('completed');
  }, 30_000);
});
