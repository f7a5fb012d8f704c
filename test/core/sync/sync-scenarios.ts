// The convergence scenarios every adapter must pass, run against each real server by its own test file: two
// and three devices adding, tagging, favouriting, deleting and undoing, each offline in turn, then converging;
// a fresh folder restoring everything from the remote alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';
import { addImage, filesIntact, openDevice, view } from './sync-devices';
import type { Device } from './sync-devices';

export interface RemoteUnderTest {
  remote: SyncConfig['remote'];
  secrets: SyncSecrets;
}

/** newRemote: an empty remote on the server under test, one per scenario. */
export function syncScenarios(newRemote: () => Promise<RemoteUnderTest>): void {
  let root: string;
  let remoteUnderTest: RemoteUnderTest;
  const opened: Device[] = [];
  const device = (name: string, extra: { filesMode?: SyncConfig['filesMode'] } = {}) => {
    const { remote, secrets } = remoteUnderTest;
    const d = openDevice(root, name, { remote, secrets, ...extra });
    opened.push(d);
    return d;
  };
  const converge = async (...devices: Device[]) => {
    // Two passes: what the last device pushed in the first pass reaches the earlier ones in the second.
    for (let pass = 0; pass < 2; pass++) for (const d of devices) await d.sync.runRound();
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'sync-devices-'));
    remoteUnderTest = await newRemote();
  });
  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a second device shows the first one’s items, with who made them, and fetches a file on demand (sha256 checked)', async () => {
    const laptop = device('laptop');
    const desktop = device('desktop');
    const fox = await addImage(laptop, 'red fox in snow');
    laptop.library.update(fox.id, { tags: ['fox', 'winter'], favourite: true });
    const first = await laptop.sync.runRound();
    expect(first.pushed).toMatchObject({ changes: 1, files: 2 });
    const report = await desktop.sync.runRound();
    expect(report.pulled).toMatchObject({ added: 1 });
    const copy = desktop.library.get(fox.id);
    expect(copy).toMatchObject({
      prompt: 'red fox in snow',
      favourite: true,
      origin: 'laptop',
      remoteOnly: true,
      cost: 0.04,
    });
    expect(copy?.tags.sort()).toEqual(['fox', 'winter']);
    expect(copy?.thumbnailPath).not.toBeNull();
    const fetched = await desktop.sync.fetchFile(fox.id);
    expect(fetched.remoteOnly).toBeUndefined();
    expect(await filesIntact(desktop)).toBe(true);
  });

  it('concurrent adds, tag edits and favourites on three devices, each offline in turn, converge to the union', async () => {
    const a = device('a');
    const b = device('b');
    const c = device('c');
    const shared = await addImage(a, 'lighthouse at dusk');
    await converge(a, b, c);
    // a offline: b and c edit the same item at once, and each adds its own.
    b.library.update(shared.id, { tags: ['sea'] });
    c.library.update(shared.id, { tags: ['night'], favourite: true });
    await addImage(b, 'boat');
    await addImage(c, 'gull');
    await b.sync.runRound();
    await c.sync.runRound();
    // b offline: a takes a tag off and adds one, c adds another.
    await a.sync.runRound();
    a.library.bulk.editTags({ ids: [shared.id] }, { add: ['Coast'], remove: ['night'] });
    await addImage(a, 'cliff');
    await a.sync.runRound();
    await c.sync.runRound();
    // c offline: b comes back.
    await b.sync.runRound();
    await converge(a, b, c);
    const expected = view(a);
    expect(expected).toHaveLength(4);
    expect(view(b)).toEqual(expected);
    expect(view(c)).toEqual(expected);
    expect(expected.find((i) => i.id === shared.id)).toMatchObject({
      tags: ['coast', 'sea'],
      favourite: true,
    });
  });

  it('a delete moves the item into the other device’s trash; undo there brings it back everywhere', async () => {
    const a = device('a');
    const b = device('b');
    const item = await addImage(a, 'owl');
    await converge(a, b);
    await a.library.replica.trash(item.id);
    await converge(a, b);
    expect(b.library.get(item.id)).toBeNull();
    expect(b.library.replica.isTrashed(item.id)).toBe(true);
    await b.library.replica.restore(item.id);
    await converge(a, b);
    expect(a.library.get(item.id)).not.toBeNull();
    expect(view(a)).toEqual(view(b));
  });

  it('an edit made offline after the other device deleted the item keeps it (and its file) on both', async () => {
    const a = device('a', { filesMode: 'all' });
    const b = device('b', { filesMode: 'all' });
    const item = await addImage(a, 'heron');
    await converge(a, b);
    await a.library.replica.trash(item.id);
    await a.sync.runRound();
    // b was offline when the delete happened, and tags the item afterwards.
    b.library.update(item.id, { tags: ['keep'] });
    await converge(b, a);
    expect(view(a)).toEqual(view(b));
    expect(a.library.get(item.id)?.tags).toEqual(['keep']);
    expect(await filesIntact(a)).toBe(true);
  });

  it('a fresh folder restores every item, tag and file from the remote alone', async () => {
    const a = device('a');
    const b = device('b');
    for (const prompt of ['one', 'two', 'three']) await addImage(a, prompt);
    const four = await addImage(b, 'four');
    b.library.update(four.id, { tags: ['mine'] });
    await converge(a, b);
    const fresh = device('fresh');
    const report = await fresh.sync.restore();
    expect(report.pulled.added).toBe(4);
    expect(view(fresh)).toEqual(view(a));
    expect(await filesIntact(fresh)).toBe(true);
  });
}
