// What a creator is told about sync beyond "up to date": each round names what came in and from which device
// ("3 items from studio-laptop"), kept across restarts in the status, and the devices on the remote with when
// each was last seen and how many items it put there. Devices on a plain-folder remote.
import { describe, expect, it } from 'vitest';
import { addImage } from './sync-devices';
import { useFolderDevices } from './folder-devices';

const devices = useFolderDevices('sync-summary-');

describe('a round’s summary and the devices on the remote', () => {
  it('names the items that came in and the device they came from, then the edits', async () => {
    const [a, b] = await devices.pair();
    for (const prompt of ['heron at dawn', 'heron at noon', 'heron at dusk']) await addImage(a, prompt);
    const first = await a.sync.runRound();
    expect(first.received).toEqual([]);
    // Nothing came in yet: nothing to say.
    expect(a.sync.status().lastReceived).toBeNull();

    const pulled = await b.sync.runRound();
    expect(pulled.received).toEqual([{ device: a.sync.status().deviceId, name: 'a', items: 3, changes: 3 }]);
    expect(b.sync.status().lastReceived).toMatchObject({
      finishedAt: expect.any(Number),
      received: [{ name: 'a', items: 3, changes: 3 }],
    });

    const item = a.library.query({ limit: 1 }).items[0]?.id ?? '';
    a.library.update(item, { favourite: true, tags: ['bird'] });
    await a.sync.runRound();
    const edits = await b.sync.runRound();
    expect(edits.received).toEqual([expect.objectContaining({ name: 'a', items: 0, changes: 2 })]);
    // A round with nothing new has no entry; the status keeps the latest round that brought something (the round
    // that follows every pull would otherwise say "nothing" seconds after the items came).
    expect((await b.sync.runRound()).received).toEqual([]);
    expect(b.sync.status().lastReceived?.received).toEqual([
      expect.objectContaining({ name: 'a', changes: 2 }),
    ]);
  });

  it('lists the devices, this one first, with last seen and the items each put on the remote', async () => {
    const [a, b] = await devices.pair();
    const before = Date.now();
    await addImage(a, 'fern in rain');
    await addImage(a, 'fern in sun');
    await addImage(b, 'moss on stone');
    await a.sync.runRound();
    await b.sync.runRound();
    const listed = b.sync.devices();
    expect(listed).toEqual([
      {
        id: b.sync.status().deviceId,
        name: 'b',
        thisDevice: true,
        lastSeenAt: b.sync.status().lastCompletedAt,
        items: 1,
      },
      {
        id: a.sync.status().deviceId,
        name: 'a',
        thisDevice: false,
        lastSeenAt: expect.any(Number),
        items: 2,
      },
    ]);
    const seen = listed[1]?.lastSeenAt ?? 0;
    expect(seen).toBeGreaterThanOrEqual(before - 1000);
    expect(seen).toBeLessThanOrEqual(Date.now() + 1000);
    // A delete on a takes the item out of the count on b.
    await a.library.replica.trash(a.library.query({ limit: 1 }).items[0]?.id ?? '');
    await a.sync.runRound();
    await b.sync.runRound();
    expect(b.sync.devices()[1]).toMatchObject({ name: 'a', items: 1 });
  });

  it('counts a restore’s items as they are read, and its summary names where they came from', async () => {
    const [a] = await devices.pair();
    for (const prompt of ['lamp 1', 'lamp 2']) await addImage(a, prompt);
    await a.sync.runRound();
    const fresh = await devices.open('fresh');
    const seen: number[] = [];
    fresh.sync.subscribe((status) => {
      if (status.progress?.items !== undefined) seen.push(status.progress.items);
    });
    const report = await fresh.sync.restore();
    expect(report.pulled.added).toBe(2);
    expect(report.received).toEqual([expect.objectContaining({ name: 'a', items: 2 })]);
    expect(seen.at(-1)).toBe(2);
  });
});
