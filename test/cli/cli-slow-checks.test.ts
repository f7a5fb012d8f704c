// A task past its poll budget is still running, checked less often: the CLI's task lines say so as the app's task
// row does ("Still running after … · checked every …"), from the same TaskRecord.checkedEveryMs and the same
// sentence (shared/studio/slow-checks.ts), so a long video at one percentage never looks stuck in a terminal.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/index';
import type { RunOptions } from '../../electron/cli/index';
import { ManualClock } from '../../electron/simulator';
import { cli, useSimulatorCli } from './cli-harness';

// Started at the real time: the CLI's clock is the real one.
const clock = new ManualClock(Date.now());
const rig = useSimulatorCli({ clock });

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Sends an image task and leaves it running (the demo gateway's clock stands still): its local id. */
async function runningTask(prompt: string): Promise<string> {
  const sent = await cli(
    ['--json', 'generate', 'image_model_id_i3', '--prompt', prompt, '--no-wait'],
    rig.env,
    rig.dir,
  );
  expect(sent.code, sent.stderr).toBe(0);
  return (sent.json() as { task: { id: string } }).task.id;
}

/** As the engine of an earlier run leaves a task past its budget: its age, when tracking began, its checks. */
function agedRow(id: string, ages: { createdMs: number; trackedMs: number; everyMs: number }): void {
  const db = new DatabaseSync(join(rig.dir, 'lib', 'studio.db'));
  db.prepare(
    'UPDATE tasks SET created_at = ?, tracking_started_at = ?, checked_every_ms = ? WHERE id = ?',
  ).run(Date.now() - ages.createdMs, Date.now() - ages.trackedMs, ages.everyMs, id);
  db.close();
}

/**
 * Runs a waiting command in-process until its stderr says what the test waits for, then stops it (the signal, as
 * Ctrl-C), and gives what it wrote: the wait is the CLI's own, never a timer of the test's.
 */
async function runUntil(args: string[], seen: RegExp, options: RunOptions = {}) {
  const stop = new AbortController();
  let stderr = '';
  let said: (() => void) | null = null;
  const saidIt = new Promise<void>((resolve) => (said = resolve));
  const exit = runCli(
    args,
    {
      stdout: () => undefined,
      stderr: (text) => {
        stderr += text;
        if (seen.test(stderr)) said?.();
      },
      env: rig.env,
      cwd: rig.dir,
      stderrIsTTY: false,
    },
    { ...options, signal: stop.signal },
  );
  const first = await Promise.race([saidIt.then(() => 'said' as const), exit]);
  stop.abort();
  const code = await exit;
  return { said: first === 'said', code, stderr };
}

const SAID = /Still running after (\d+ \w+) · checked every (\d+ \w+) \(it is never failed for taking long\)/;

describe('a task past its poll budget, in the CLI', () => {
  it('tasks lists it with how long it has run and how often it is checked; a settled one says nothing of it', async () => {
    const sent = await cli(
      ['--json', 'generate', 'image_model_id_i3', '--prompt', 'a slow lighthouse', '--no-wait'],
      rig.env,
      rig.dir,
    );
    expect(sent.code, sent.stderr).toBe(0);
    const id = (sent.json() as { task: { id: string } }).task.id;
    // As the engine leaves a task it checks less often: three hours running, checked every two minutes.
    const db = new DatabaseSync(join(rig.dir, 'lib', 'studio.db'));
    db.prepare('UPDATE tasks SET created_at = ?, checked_every_ms = ? WHERE id = ?').run(
      Date.now() - 3 * HOUR + 30_000,
      120_000,
      id,
    );

    const listed = await cli(['tasks'], rig.env, rig.dir);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(
      /\n {2}Still running after 1[78]\d min · checked every 2 min \(it is never failed for taking long\)/,
    );

    // Finished: the note is gone, whatever the row last said of its checks.
    db.prepare("UPDATE tasks SET state = 'failed' WHERE id = ?").run(id);
    db.close();
    const settled = await cli(['tasks'], rig.env, rig.dir);
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.stdout).toContain(id);
    expect(settled.stdout).not.toContain('Still running');
  });

  it('task <id> in a new run keeps saying it of a task an earlier run found past its budget by its checks', async () => {
    // Under ten minutes old but past its 120 checks in an earlier run: this run's checks start from nothing, and
    // its one poll cleared the note (and went back to quick checks) before the budget was kept on the row.
    const id = await runningTask('a lighthouse checked often');
    agedRow(id, { createdMs: 5 * MINUTE, trackedMs: 5 * MINUTE, everyMs: 120_000 });
    const shown = await cli(['task', id], rig.env, rig.dir);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('submitted 0%');
    expect(shown.stdout).toMatch(new RegExp(`\n {2}${SAID.source}`));
    const db = new DatabaseSync(join(rig.dir, 'lib', 'studio.db'));
    const row = db.prepare('SELECT checked_every_ms FROM tasks WHERE id = ?').get(id);
    db.close();
    expect(row).toMatchObject({ checked_every_ms: 120_000 });
  });

  it('task <id> --wait says it while it waits, from its first line', async () => {
    const id = await runningTask('a lighthouse waited on');
    agedRow(id, { createdMs: 3 * HOUR, trackedMs: 3 * HOUR, everyMs: 120_000 });
    const waited = await runUntil(['task', id, '--wait'], SAID);
    expect(waited.said, waited.stderr).toBe(true);
    expect(waited.stderr).toMatch(/task \S+: \w+ \d+% · Still running after 1[78]\d min/);
    // Stopped by the test: the task goes on at the gateway, and the way back is said; the polls the stop cut
    // are not reported as the gateway's failures ("checking the task: The request was cancelled.").
    expect(waited.stderr).toContain('--wait');
    expect(waited.stderr).not.toContain('cancelled');
  });

  it('generate says it while it waits once the task passes its budget', async () => {
    // A budget of one check (the app host takes a policy the same way), so the wait is the CLI's first poll.
    const polling = {
      firstPollMs: { image: 50, upscale: 50, music: 50, video: 50 },
      budget: {
        image: { ms: HOUR, polls: 1 },
        upscale: { ms: HOUR, polls: 1 },
        music: { ms: HOUR, polls: 1 },
        video: { ms: HOUR, polls: 1 },
      },
    };
    const args = ['generate', 'image_model_id_i3', '--prompt', 'a lighthouse, generated and waited on'];
    const waited = await runUntil(args, SAID, { polling });
    expect(waited.said, waited.stderr).toBe(true);
    expect(waited.stderr).toMatch(/task \S+: \w+ \d+% · Still running after \d+ sec · checked every 2 min/);
  });
});
