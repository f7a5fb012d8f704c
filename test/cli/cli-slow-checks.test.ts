// A task past its poll budget is still running, checked less often: the CLI's task lines say so as the app's task
// row does ("Still running after … · checked every …"), from the same TaskRecord.checkedEveryMs and the same
// sentence (shared/studio/slow-checks.ts), so a long video at one percentage never looks stuck in a terminal.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/simulator';
import { cli, useSimulatorCli } from './cli-harness';

// Started at the real time: the CLI's clock is the real one.
const clock = new ManualClock(Date.now());
const rig = useSimulatorCli({ clock });

const HOUR = 3_600_000;

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
});
