// `task <id>` without --wait on a task that is still running asks the gateway once instead of printing a
// stored row that may be hours old. The simulator runs on a manual clock, so "the task finished meanwhile"
// is a clock step, not a wait.
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/simulator';
import type { LibraryItem } from '../../shared/studio/records';
import { cli, useSimulatorCli } from './cli-harness';

// Started at the real time: the CLI judges link expiry by its own (real) clock.
const clock = new ManualClock(Date.now());
const rig = useSimulatorCli({ clock });

type Doc = {
  task: { id: string; status: string; progress: number; remoteId: string };
  items: LibraryItem[];
  error?: { type: string };
};

async function run(args: string[], runEnv = rig.env) {
  const result = await cli(['--json', ...args], runEnv, rig.dir);
  return { code: result.code, doc: result.json() as Doc, stderr: result.stderr };
}

describe('task <id> without --wait', () => {
  it('[EP-TASK-1] shows the state the gateway reports now, and files the result once it is done', async () => {
    const submitted = await run(['generate', 'image_model_id_i3', '--prompt', 'a lighthouse', '--no-wait']);
    expect(submitted.code).toBe(0);
    expect(submitted.doc.task.status).toBe('submitted');

    clock.advance(5 * 60_000); // far past any image estimate: the gateway says completed
    const now = await run(['task', submitted.doc.task.id]);
    expect(now.code, JSON.stringify(now.doc)).toBe(0);
    expect(now.doc.task).toMatchObject({ id: submitted.doc.task.id, status: 'completed', progress: 100 });
    expect(now.doc.items).toHaveLength(1);
    expect(existsSync(now.doc.items[0]?.path ?? '')).toBe(true);

    // Settled now: asking again needs no gateway at all.
    const { GATEWAY_API_KEY: _key, ...offline } = rig.env;
    const stored = await run(['task', submitted.doc.task.remoteId], offline);
    expect(stored.code).toBe(0);
    expect(stored.doc.items.map((i) => i.id)).toEqual(now.doc.items.map((i) => i.id));
  });

  it('[STATE-5] a task that failed meanwhile is exit 1 with the gateway error', async () => {
    const submitted = await run([
      'generate',
      'image_model_id_i3',
      '--prompt',
      'this will [fail]',
      '--no-wait',
    ]);
    expect(submitted.doc.task.status).toBe('submitted');
    clock.advance(5 * 60_000);
    const now = await run(['task', submitted.doc.task.id]);
    expect(now.code).toBe(1);
    expect(now.doc.error?.type).toBe('task_failed');
    expect(now.doc.task.status).toBe('failed');
  });

  it('without a key it shows the stored state and says so on stderr', async () => {
    const submitted = await run(['generate', 'image_model_id_i3', '--prompt', 'a kite', '--no-wait']);
    clock.advance(5 * 60_000);
    const { GATEWAY_API_KEY: _key, ...offline } = rig.env;
    const text = await cli(['task', submitted.doc.task.id], offline, rig.dir);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('submitted');
    expect(text.stderr).toContain('stored state');
  });
});

describe('task <id> --wait on a task whose download failed', () => {
  it('[TASK-10] fetches the failed file again while its link still answers, instead of reporting the old failure', async () => {
    const submitted = await run(['generate', 'image_model_id_i3', '--prompt', 'a failed file', '--no-wait']);
    expect(submitted.code).toBe(0);
    clock.advance(5 * 60_000);
    const first = await run(['task', submitted.doc.task.id]);
    expect(first.doc.items).toHaveLength(1);
    // As if the earlier run's five tries had all failed: the row says failed, the file is not in the library.
    const db = new DatabaseSync(join(rig.dir, 'lib', 'studio.db'));
    const itemId = first.doc.items[0]?.id ?? '';
    db.prepare('DELETE FROM library_items WHERE id = ?').run(itemId);
    db.prepare(
      "UPDATE task_files SET state = 'failed', failure = 'network', error = 'no data for 30000 ms', path = NULL WHERE task_id = ?",
    ).run(submitted.doc.task.id);
    db.close();

    const waited = await run(['task', submitted.doc.task.id, '--wait']);
    expect(waited.code, JSON.stringify(waited.doc)).toBe(0);
    expect(waited.doc.items).toHaveLength(1);
    expect(existsSync(waited.doc.items[0]?.path ?? '')).toBe(true);
  });
});
