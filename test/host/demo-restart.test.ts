// [EP-TASK-1] The demo gateway remembers across a restart of the studio (desktop app or web mode --demo): a task
// running when the studio closed resumes afterwards and completes with its files, exactly as on the real gateway,
// and the demo balance is the one the user left, not a fresh 50 USD.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeCaller } from '../../shared/bridge/router';
import type { TaskRecord } from '../../shared/studio/records';
import type { StudioHost } from '../../electron/host/studio-host';
import { openTestHost } from '../support/test-host';
import { DEMO_STATE_FILE } from '../../electron/host/demo-gateway';

let dataDir: string;
let hosts: StudioHost[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-demo-restart-'));
  hosts = [];
});
afterEach(async () => {
  for (const host of hosts) await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A studio on the same data folder each time, as the app is after a restart. */
async function openStudio(): Promise<StudioHost> {
  const host = await openTestHost(dataDir, {
    // Slow enough that the video is still running when the first studio closes.
    simulator: { timeScale: 0.05 },
  });
  hosts.push(host);
  return host;
}

/** The task's record once it is done and its files are in (from the studio's own events). */
async function settled(host: StudioHost, id: string): Promise<TaskRecord> {
  const bridge = createBridgeCaller({ handlers: host.handlers });
  const done = (t: TaskRecord) =>
    t.state === 'failed' ||
    (t.state === 'completed' &&
      t.downloads.total > 0 &&
      t.downloads.done + t.downloads.failed >= t.downloads.total);
  const controller = new AbortController();
  const events = host.handlers.events(controller.signal);
  const current = (await bridge.tasks.list()).tasks.find((t) => t.id === id);
  if (current && done(current)) return current;
  try {
    for await (const event of events) {
      if (event.type === 'task' && event.task.id === id && done(event.task)) return event.task;
    }
  } finally {
    controller.abort();
  }
  throw new Error('the event stream ended before the task settled');
}

describe('demo gateway across a studio restart', () => {
  it('[EP-TASK-1] a running demo task completes after the restart; balance and history are kept', async () => {
    const first = await openStudio();
    let bridge = createBridgeCaller({ handlers: first.handlers });
    await bridge.session.useDemo();
    const task = await bridge.tasks.submit({
      family: 'video.v1',
      model: 'video_model_id_v1_pro',
      params: { prompt: 'a lighthouse through a restart', duration: 5 },
    });
    expect(task.remoteId).toBeTruthy();
    const listed = (await bridge.tasks.list()).tasks.find((t) => t.id === task.id);
    expect(['submitted', 'processing', 'pending']).toContain(listed?.state);
    const balanceBefore = await bridge.account.balance();
    await first.close();
    hosts = [];
    expect(existsSync(join(dataDir, DEMO_STATE_FILE))).toBe(true);

    const second = await openStudio();
    bridge = createBridgeCaller({ handlers: second.handlers });
    expect((await bridge.session.status()).mode).toBe('demo');
    const done = await settled(second, task.id);
    expect(done.error).toBeNull(); // not "No task with id …"
    expect(done.state).toBe('completed');
    expect(done.downloads).toMatchObject({ total: 1, done: 1, failed: 0 });
    const library = await bridge.library.query({ family: 'video.v1' });
    expect(library.items.map((i) => i.taskId)).toContain(task.id);
    // The charge made before the restart is still spent: no fresh demo account.
    expect(await bridge.account.balance()).toEqual(balanceBefore);
  });
});
