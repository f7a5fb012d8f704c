// The key that sent a task outlives the CLI run that sent it: the real gateway answers a task only to the key (or
// user) that made it, so a later `task <id>` given another account's key still polls with the first one. The CLI
// keeps it where web mode does (core/settings/task-keys-file.ts: `task-keys` in the data folder, 0600, plain
// text), the row only its fingerprint, and never prints it. The demo gateway refuses another user's key a task
// (403), so a poll sent with the new key would fail the task.
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyRef } from '../../electron/core/tasks/submitting-keys';
import { ManualClock, SIM_KEYS } from '../../electron/simulator';
import type { LibraryItem } from '../../shared/studio/records';
import { cli, useSimulatorCli } from './cli-harness';
import type { CliRun } from './cli-harness';

// Started at the real time: the CLI judges link expiry by its own (real) clock.
const clock = new ManualClock(Date.now());
const rig = useSimulatorCli({ clock });

type Doc = { task: { id: string; status: string; remoteId: string }; items: LibraryItem[] };

const keyA = SIM_KEYS.default;
const keyB = SIM_KEYS.other; // another user: the demo gateway refuses it the first user's tasks

/** Nothing the CLI wrote, on either stream, holds a key. */
function expectNoKey(run: CliRun): void {
  for (const key of [keyA, keyB]) {
    expect(run.stdout).not.toContain(key);
    expect(run.stderr).not.toContain(key);
  }
}

async function send(env: Record<string, string>, prompt: string): Promise<Doc> {
  const sent = await cli(
    ['--json', 'generate', 'image_model_id_i3', '--prompt', prompt, '--no-wait'],
    env,
    rig.dir,
  );
  expect(sent.code, sent.stderr).toBe(0);
  expectNoKey(sent);
  return sent.json() as unknown as Doc;
}

describe('the key that sent a task, in a later CLI run', () => {
  it('task <id> in a new run with another key polls with the key that sent it, kept 0600 in the data folder', async () => {
    const sent = await send(rig.env, 'a harbour at dawn');
    const file = join(rig.dir, 'lib', 'task-keys');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ [keyRef(keyA)]: keyA });

    clock.advance(5 * 60_000); // done at the gateway
    const later = await cli(['--json', 'task', sent.task.id], { ...rig.env, GATEWAY_API_KEY: keyB }, rig.dir);
    expect(later.code, later.stdout).toBe(0);
    expectNoKey(later);
    const doc = later.json() as unknown as Doc;
    expect(doc.task).toMatchObject({ id: sent.task.id, status: 'completed' });
    expect(doc.items).toHaveLength(1);
    // Its files are in: no task in use was sent with key A, so the file no longer keeps it.
    expect(existsSync(file)).toBe(false);
  });

  it('task <id> --wait with STUDIO_DATA_DIR keeps it in that folder, beside studio.db, never in the library', async () => {
    const env = { ...rig.env, STUDIO_DATA_DIR: join(rig.dir, 'data') };
    const sent = await send(env, 'a harbour at dusk');
    expect(await readdir(join(rig.dir, 'data'))).toContain('task-keys');

    clock.advance(5 * 60_000);
    const waited = await cli(
      ['--json', 'task', sent.task.id, '--wait'],
      { ...env, GATEWAY_API_KEY: keyB },
      rig.dir,
    );
    expect(waited.code, waited.stdout).toBe(0);
    expectNoKey(waited);
    expect((waited.json() as unknown as Doc).task.status).toBe('completed');
    expect(existsSync(join(rig.dir, 'data', 'task-keys'))).toBe(false);
  });

  it('a new task goes with the key given now', async () => {
    const sent = await send({ ...rig.env, GATEWAY_API_KEY: keyB }, 'a harbour, another account');
    expect(rig.sim.createdTasks().at(-1)?.body.prompt).toBe('a harbour, another account');
    expect(JSON.parse(await readFile(join(rig.dir, 'lib', 'task-keys'), 'utf8'))).toEqual({
      [keyRef(keyB)]: keyB,
    });
    expect(sent.task.status).toBe('submitted');
  });
});
