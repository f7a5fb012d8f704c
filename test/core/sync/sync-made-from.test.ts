// Made-from links travel with their item: the device that receives a result made from another (an edit, a
// reference) writes the same links into its own made-from table, so its viewer shows the same chain.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MadeFromStore } from '../../../electron/core/tasks/made-from-store';
import type { MadeFromLink } from '../../../shared/studio/made-from';
import { addImage, openDevice } from './sync-devices';
import type { Device } from './sync-devices';

let root: string;
const opened: Device[] = [];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sync-made-from-'));
});
afterEach(async () => {
  for (const device of opened.splice(0)) await device.close();
  await rm(root, { recursive: true, force: true });
});

describe('made-from links', () => {
  it('are written on the other device as the maker had them', async () => {
    const path = join(root, 'remote');
    await mkdir(path);
    const a = openDevice(root, 'a', { remote: { kind: 'folder', path } });
    const b = openDevice(root, 'b', { remote: { kind: 'folder', path } });
    opened.push(a, b);
    const source = await addImage(a, 'a heron at dawn');
    const edited = await addImage(a, 'the heron, in snow');
    if (!edited.taskId || !source.taskId) throw new Error('the fixture files items with their task');
    expect(edited.taskId).not.toBe(source.taskId);
    const links: MadeFromLink[] = [
      { relation: 'edit', taskId: source.taskId, itemId: null },
      { relation: 'reference', taskId: source.taskId, itemId: source.id },
    ];
    // What the engine records at submission, before the result is filed.
    new MadeFromStore(a.db).record(edited.taskId, links);
    await a.sync.runRound();
    await b.sync.runRound();
    const onB = new MadeFromStore(b.db);
    expect(onB.links(edited.taskId).madeFrom).toEqual(links);
    // Both ways: the source shows what was made from it.
    expect(onB.links(source.taskId).madeFromThis.map((link) => link.taskId)).toEqual([
      edited.taskId,
      edited.taskId,
    ]);
    expect(b.library.get(edited.id)).toMatchObject({ taskId: edited.taskId, remoteOnly: true });
  });
});
