// Made-from links travel with their item: the device that receives a result made from another (an edit, a
// reference) writes the same links into its own made-from table, so its viewer shows the same chain.
import { describe, expect, it } from 'vitest';
import { MadeFromStore } from '../../../electron/core/tasks/made-from-store';
import type { MadeFromLink } from '../../../shared/studio/made-from';
import { useFolderDevices } from './folder-devices';
import { addImage } from './sync-devices';

const devices = useFolderDevices('sync-made-from-');

describe('made-from links', () => {
  it('are written on the other device as the maker had them', async () => {
    const [a, b] = await devices.pair();
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
