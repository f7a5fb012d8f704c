// A cast member's pictures on the second device. The cast syncs its pictures as `studio-ref:<sha256>`, but the
// reference-picture store is each device's own: before a board is priced, checked or sent on device B, each
// picture it sends is taken from the synced library by its hash into B's store (what a send reads), and one
// found nowhere is said by the member it belongs to, before anything is sent (no run is started).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import { ReferenceStore } from '../../../electron/core/references';
import {
  CastStore,
  StoryboardDesk,
  StoryboardRunner,
  StoryboardStore,
} from '../../../electron/core/storyboard';
import type { SyncConfig } from '../../../shared/studio/sync';
import { NO_ESTIMATE } from '../../../shared/studio/estimates';
import type { SpendCheck } from '../../../shared/studio/spending';
import { storyboardSchema } from '../../../shared/studio/storyboard';
import { useTempDir } from '../../support/studio-db';
import { addImage, openDevice, type Device } from './sync-devices';

const folder = useTempDir('sync-cast-pictures-');
const opened: Device[] = [];
afterEach(async () => {
  for (const device of opened.splice(0)) await device.close();
});

async function device(name: string, filesMode: SyncConfig['filesMode']): Promise<Device> {
  const path = join(folder.dir, 'remote');
  await mkdir(path, { recursive: true });
  const made = openDevice(folder.dir, name, { remote: { kind: 'folder', path }, filesMode });
  opened.push(made);
  return made;
}

const notSent = () => {
  throw new Error('nothing is sent in this test');
};

/** The Storyboard page's core on a device, its pictures wired as the composition root wires them. */
function deskOn(d: Device) {
  const clock = new ManualClock(1_000);
  const references = ReferenceStore.forDatabase(d.db);
  const runner = new StoryboardRunner({
    engine: async () => notSent(),
    itemsOf: async () => [],
    referenceOf: async () => notSent(),
    speak: async () => notSent(),
    allocate: async () => notSent(),
    fileCut: async () => notSent(),
    scratchDir: async () => notSent(),
    clock,
  });
  const desk = new StoryboardDesk({
    cast: new CastStore({ db: d.db, clock }),
    saved: new StoryboardStore({ db: d.db, clock }),
    runner,
    estimate: (requests) => ({
      items: requests.map(() => NO_ESTIMATE),
      totalUsd: null,
      totalCredits: null,
      unknown: requests.length,
    }),
    check: (requests) => ({ requests: requests.length }) as unknown as SpendCheck,
    pictures: {
      stored: (uri) =>
        references.read(uri).then(
          () => true,
          () => false,
        ),
      bySha256: async (sha256) => d.library.bySha256(sha256),
      store: async (path) => void (await references.addFile(path, { link: true })),
    },
  });
  return { desk, runner, references };
}

const board = storyboardSchema.parse({
  name: 'Harbour',
  shots: [{ family: 'video.v2', model: 'video_model_id_v2', prompt: '@Mia waves', duration: 5 }],
});

async function castOnA(a: Device) {
  const picture = await addImage(a, 'mia front');
  const uri = `studio-ref:${picture.sha256}`;
  // On A the picture was picked from the library into A's own store, as the cast editor does.
  await ReferenceStore.forDatabase(a.db).addFile(picture.path, { link: true });
  new CastStore({ db: a.db }).save({ name: 'Mia', kind: 'character', references: [uri] });
  return { picture, uri };
}

describe('a synced cast member’s pictures on another device', () => {
  it('are filled from the synced library by hash before the board is checked or sent', async () => {
    const a = await device('a', 'all');
    const b = await device('b', 'all');
    const { uri } = await castOnA(a);
    await a.sync.runRound();
    await b.sync.runRound();
    const onB = deskOn(b);
    // Before: B's store has never seen the picture; a send would be refused for it.
    await expect(onB.references.read(uri)).rejects.toThrow(/not a reference image this studio has stored/);
    const kept = onB.desk.save(board);
    await onB.desk.check(kept.board);
    const { bytes } = await onB.references.read(uri);
    expect(bytes.length).toBeGreaterThan(0);
    expect((await onB.desk.price(kept.board)).notes.join(' ')).not.toMatch(/picture of @Mia/);
  });

  it('one whose file is not on this device yet is said by its member, and fetched it goes', async () => {
    const a = await device('a', 'all');
    const b = await device('b', 'on-demand');
    const { picture } = await castOnA(a);
    await a.sync.runRound();
    await b.sync.runRound();
    const onB = deskOn(b);
    const kept = onB.desk.save(board);
    await expect(onB.desk.run(kept.id, null)).rejects.toThrow(
      /A picture of @Mia \(shot 1\) is in the library, but its file is not on this device yet.*Nothing was sent/,
    );
    expect(onB.runner.list()).toEqual([]);
    expect((await onB.desk.price(kept.board)).notes[0]).toMatch(/A picture of @Mia/);
    await b.sync.fetchFile(picture.id);
    await onB.desk.check(kept.board);
  });

  it('one found nowhere is refused before anything is sent, naming the member and the fix', async () => {
    const b = await device('b', 'all');
    new CastStore({ db: b.db }).save({
      name: 'Mia',
      kind: 'character',
      references: [`studio-ref:${'ab'.repeat(32)}`],
    });
    const onB = deskOn(b);
    const kept = onB.desk.save(board);
    await expect(onB.desk.run(kept.id, null)).rejects.toThrow(
      /A picture of @Mia \(shot 1\) is not on this device, nor in the library synced here: sync the device it was picked on, or pick the picture again in the cast\. Nothing was sent\./,
    );
    await expect(onB.desk.check(kept.board)).rejects.toThrow(/A picture of @Mia/);
    expect(onB.runner.list()).toEqual([]);
  });
});
