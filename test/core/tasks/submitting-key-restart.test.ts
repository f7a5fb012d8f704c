// The key that submitted a task outlives a restart: the real gateway answers a task only to the key (or user)
// that made it, so after the creator switches to the key of another account and the studio restarts, the task
// is still polled with the first key. The row keeps only a fingerprint; the key itself is kept in the secret
// store the API key uses, and dropped once no task sent with it can still ask the gateway about itself: a task
// completed before the restart whose files are still to come renews its links with the key that sent it.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../electron/core/gateway';
import { startSimulator } from '../../../electron/simulator/index';
import { FileSecretStore } from '../../../electron/core/settings/file-secret-store';
import { keyRef, keyVaultIn } from '../../../electron/core/tasks/submitting-keys';
import { CountingGateway, driveUntil, i3, useEngineRig } from './engine-rig';

const bench = useEngineRig();

/** A client whose key is read at each call, and which notes the key each poll was sent with. */
function clientWith(key: () => string, baseUrl = bench.rig.sim.url) {
  const { rig } = bench;
  const client = new GatewayClient({ baseUrl, apiKey: key, clock: rig.clock });
  const polledWith: (string | undefined)[] = [];
  const getTask = client.getTask.bind(client);
  client.getTask = (id, endpoint, options) => {
    polledWith.push(options?.apiKey);
    return getTask(id, endpoint, options);
  };
  return { gateway: new CountingGateway(client, rig.clock), polledWith };
}

/** Every byte the studio keeps in its data folder but the secret store: the database and its journal. */
async function databaseBytes(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.startsWith('studio.sqlite'));
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'latin1')));
  return texts.join('');
}

describe('the key a task was submitted with, across a restart', () => {
  it('submit with key A, switch to key B, restart: the task is polled with key A and completes', async () => {
    const { rig } = bench;
    const secretFile = join(rig.dir, 'task-keys');
    const keyA = rig.sim.keys.default;
    const keyB = rig.sim.keys.other; // another user: the gateway refuses it this task (403)
    let key: string = keyA;

    const first = clientWith(() => key);
    const before = bench.engine(first.gateway, { keyVault: keyVaultIn(new FileSecretStore(secretFile)) });
    await before.start();
    const task = await before.submit(i3('a pier before the restart'));
    expect(task.remoteId).not.toBeNull();
    await before.close();

    // The key kept for it is in the secret store; the row holds its fingerprint, the database never the key.
    expect(JSON.parse(await readFile(secretFile, 'utf8'))).toEqual({ [keyRef(keyA)]: keyA });
    expect(await databaseBytes(rig.dir)).not.toContain(keyA);
    expect(await databaseBytes(rig.dir)).toContain(keyRef(keyA));

    // The creator switches keys, and the studio starts again: a new composition over the same folder.
    key = keyB;
    const second = clientWith(() => key);
    const after = bench.engine(second.gateway, { keyVault: keyVaultIn(new FileSecretStore(secretFile)) });
    await after.start();
    expect(await driveUntil(rig, after, () => after.isSettled(after.get(task.id) ?? task))).toBe(true);
    expect(after.get(task.id)).toMatchObject({ state: 'completed', error: null });
    expect(second.polledWith.length).toBeGreaterThan(0);
    expect(second.polledWith.every((k) => k === keyA)).toBe(true);

    // Finished: nothing unfinished was sent with key A, so the store no longer keeps it.
    await expect.poll(async () => new FileSecretStore(secretFile).getKey()).toBeNull();

    // New work goes with the new key.
    const next = await after.submit(i3('a pier after the restart'));
    expect(next.remoteId).not.toBeNull();
    expect(rig.sim.createdTasks().at(-1)?.body.prompt).toBe('a pier after the restart');
  });

  it('completed before a restart with its file still to come: the link is renewed with key A, then the key is dropped', async () => {
    const { rig } = bench;
    // A gateway whose links are revoked once (a signed CDN link refused early): the first link of each file is
    // refused, and only a fresh status poll, which only key A is answered, hands out one that works.
    const sim = await startSimulator({ clock: rig.clock, seed: 7, links: { revoke: 1 } });
    try {
      const secretFile = join(rig.dir, 'task-keys');
      const vault = () => keyVaultIn(new FileSecretStore(secretFile));
      let key: string = sim.keys.default;
      const first = clientWith(() => key, sim.url);
      const before = bench.engine(first.gateway, { keyVault: vault() });
      await before.start();
      // The file host is down: the task completes, its file is not fetched before the studio closes.
      sim.faults.set({ rate: 1, kinds: ['502'], paths: ['/files/'] });
      const task = await before.submit(i3('a pier whose file comes later'));
      const completed = () => before.get(task.id)?.state === 'completed';
      expect(await driveUntil(rig, before, completed)).toBe(true);
      expect(before.get(task.id)?.downloads).toMatchObject({ total: 1, done: 0 });
      await before.close();
      // Still kept: the completed task has a file to come.
      expect(JSON.parse(await readFile(secretFile, 'utf8'))).toEqual({
        [keyRef(sim.keys.default)]: sim.keys.default,
      });

      sim.faults.clear();
      key = sim.keys.other;
      const second = clientWith(() => key, sim.url);
      const after = bench.engine(second.gateway, { keyVault: vault() });
      await after.start();
      const fetched = () => after.get(task.id)?.downloads.done === 1;
      expect(await driveUntil(rig, after, fetched)).toBe(true);
      // The refused link was renewed by a status poll with the key that sent the task, never with key B.
      expect(second.polledWith.length).toBeGreaterThan(0);
      expect(second.polledWith.every((k) => k === sim.keys.default)).toBe(true);
      expect(after.get(task.id)?.downloads).toMatchObject({ total: 1, done: 1, missing: [] });
      // The file is in: nothing can ask the gateway with key A any more, so the store no longer keeps it.
      await expect.poll(async () => new FileSecretStore(secretFile).getKey()).toBeNull();
    } finally {
      await sim.close();
    }
  });

  it('without a secret store (memory only) a restart polls with the key then set', async () => {
    const { rig } = bench;
    let key: string = rig.sim.keys.default;
    const first = clientWith(() => key);
    const before = bench.engine(first.gateway);
    await before.start();
    const task = await before.submit(i3('a pier, nothing kept'));
    await before.close();
    key = rig.sim.keys.other;
    const second = clientWith(() => key);
    const after = bench.engine(second.gateway);
    await after.start();
    expect(await driveUntil(rig, after, () => second.polledWith.length > 0)).toBe(true);
    expect(second.polledWith[0]).toBeUndefined();
    expect(after.get(task.id)?.state).not.toBe('completed');
  });
});
