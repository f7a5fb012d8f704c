// Through the bridge: the renderer sends its press's key with tasks.submit, tasks.rerun and
// reuse.submitEdit; a repeated call with that key (a double click, a call tried again after a dropped
// connection) answers with the same task, and the demo gateway is asked once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeCaller } from '../../shared/bridge/router';
import { openTestHost } from '../support/test-host';
import type { StudioHost } from '../../electron/host/studio-host';

let dataDir: string;
let host: StudioHost;
let bridge: ReturnType<typeof createBridgeCaller>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-keys-'));
  host = await openTestHost(dataDir, {
    simulator: { timeScale: 0.02 },
  });
  bridge = createBridgeCaller({ handlers: host.handlers });
  await bridge.session.useDemo();
});

afterAll(async () => {
  await host?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const request = (prompt: string) => ({
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt, size: '1:1', resolution: '1K' },
});

const tasksWith = async (prompt: string) =>
  (await bridge.tasks.list()).tasks.filter((t) => t.params.prompt === prompt);

describe('submission keys over the bridge', () => {
  it('tasks.submit twice with the same key returns the same task and makes one', async () => {
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      bridge.tasks.submit({ ...request('an owl at midnight'), key }),
      bridge.tasks.submit({ ...request('an owl at midnight'), key }),
    ]);
    const c = await bridge.tasks.submit({ ...request('an owl at midnight'), key });
    expect(a.id).toBe(b.id);
    expect(c.id).toBe(a.id);
    expect(c.remoteId).toBe(a.remoteId);
    expect(await tasksWith('an owl at midnight')).toHaveLength(1);

    // A new press is a new key and a new take.
    const next = await bridge.tasks.submit({ ...request('an owl at midnight'), key: crypto.randomUUID() });
    expect(next.id).not.toBe(a.id);
    expect(await tasksWith('an owl at midnight')).toHaveLength(2);
  });

  it('the same key for a different request is refused with a sentence', async () => {
    const key = crypto.randomUUID();
    await bridge.tasks.submit({ ...request('a red kite'), key });
    await expect(bridge.tasks.submit({ ...request('a blue kite'), key })).rejects.toThrow(
      /already used for a different request/,
    );
    expect(await tasksWith('a blue kite')).toHaveLength(0);
  });

  it('a key that is not a safe header value is refused by the bridge', async () => {
    await expect(bridge.tasks.submit({ ...request('bad key'), key: 'a key with spaces!' })).rejects.toThrow(
      /16 to 128 letters/,
    );
  });

  it('tasks.rerun and reuse.submitEdit with a repeated key start one task each', async () => {
    const source = await bridge.tasks.submit(request('a heron, again'));
    const rerunKey = crypto.randomUUID();
    const [r1, r2] = await Promise.all([
      bridge.tasks.rerun({ id: source.id, key: rerunKey }),
      bridge.tasks.rerun({ id: source.id, key: rerunKey }),
    ]);
    expect(r1.id).toBe(r2.id);
    expect(r1.parentTaskId).toBe(source.id);

    const editKey = crypto.randomUUID();
    const edit = { request: request('a heron, edited'), editOf: source.id, key: editKey };
    const e1 = await bridge.reuse.submitEdit(edit);
    const e2 = await bridge.reuse.submitEdit(edit);
    expect(e2.id).toBe(e1.id);
    expect(await tasksWith('a heron, again')).toHaveLength(2);
    expect(await tasksWith('a heron, edited')).toHaveLength(1);
  });
});
