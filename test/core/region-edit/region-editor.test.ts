// "Edit a region" through the core as the app composes it, on the simulator: the press goes through the engine
// (its tasks a batch keyed by the press), each take is composited back into the original when it is filed, the
// pixels outside the selection are the original's, the file's settings keep the region and the instruction,
// and the item is an edit of the original's task. Numbers from outside are refused in words, nothing sent.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { readFileSettings } from '../../../electron/core/library/file-settings';
import { decodePicture } from '../../../electron/core/region-edit/region-composite';
import { regionMask } from '../../../electron/core/region-edit/region-mask';
import type { RegionSelection } from '../../../shared/studio/region-selection';
import type { LibraryItem } from '../../../shared/studio/records';
import { maskedHashes } from './masked-hash';
import { useRegionRig } from './region-rig';

const rig = useRegionRig({ seed: 5, prefix: 'region-edit-' });

async function anOriginal(): Promise<LibraryItem> {
  await rig.core.engine.submitBatch(
    [
      {
        family: 'image.i3',
        model: 'image_model_id_i3',
        params: { prompt: 'a lighthouse at dusk', size: '4:3' },
      },
    ],
    { key: 'original-press-0001' },
  );
  const [item] = await rig.filedBatch('original-press-0001', 1);
  if (!item) throw new Error('no original');
  return item;
}

async function expectOnlyInsideChanged(
  original: LibraryItem,
  edited: LibraryItem,
  selection: RegionSelection,
) {
  const before = await decodePicture(await readFile(original.path));
  const after = await decodePicture(await readFile(edited.path));
  expect([after.width, after.height]).toEqual([before.width, before.height]);
  const mask = await regionMask(selection, before.width, before.height);
  if (!mask) throw new Error('no mask');
  const a = maskedHashes(before, mask);
  const b = maskedHashes(after, mask);
  expect(b.outside).toBe(a.outside);
  expect(b.inside).not.toBe(a.inside);
}

it('takes of a rectangle on I2: composited, kept as new items made from the original, the region in the file', async () => {
  const original = await anOriginal();
  const selection: RegionSelection = { kind: 'rect', x: 300, y: 200, w: 400, h: 250 };
  const press = await rig.core.regions.submit({
    source: { itemId: original.id },
    selection,
    instruction: 'make the sky stormy',
    model: 'image_model_id_i2',
    takes: 2,
    key: 'region-press-0001',
  });
  expect(press.tasks).toHaveLength(2);
  const takes = await rig.filedBatch('region-press-0001', 2);
  expect(takes).toHaveLength(2);
  for (const take of takes) {
    expect(take.id).not.toBe(original.id);
    expect(take.mime).toBe('image/png');
    await expectOnlyInsideChanged(original, take, selection);
    const settings = readFileSettings(await readFile(take.path));
    expect(settings?.region).toMatchObject({ selection, instruction: 'make the sky stormy', sends: 'crop' });
    expect(settings?.region?.originalItemId).toBe(original.id);
    // "Edit again" reads the region and the model the take was made with.
    expect(await rig.core.regions.editOf(take.id)).toMatchObject({
      selection,
      model: 'image_model_id_i2',
      originalKept: true,
    });
    expect(rig.core.engine.links(take.taskId ?? '').madeFrom).toContainEqual(
      expect.objectContaining({ relation: 'edit', taskId: original.taskId }),
    );
  }
  // The original is untouched.
  expect(rig.core.library.get(original.id)?.sha256).toBe(original.sha256);
});

it('a lasso on I5 goes as the whole picture marked, and still changes only the inside', async () => {
  const original = await anOriginal();
  const selection: RegionSelection = {
    kind: 'lasso',
    points: [
      [100, 100],
      [600, 150],
      [500, 600],
      [120, 500],
    ],
  };
  const take = await rig.oneTake({
    source: { itemId: original.id },
    selection,
    instruction: 'a red door',
    model: 'image_model_id_i5',
    key: 'region-press-0002',
  });
  await expectOnlyInsideChanged(original, take, selection);
  expect(take.prompt).toMatch(/magenta outline.*a red door$/);
  expect((await rig.core.regions.editOf(take.id))?.sends).toBe('marked');
});

it('refuses a region past the picture, a model that cannot edit and a bad number of takes, sending nothing', async () => {
  const original = await anOriginal();
  const sent = rig.core.engine.list().length;
  const base = { source: { itemId: original.id }, instruction: 'x', model: 'image_model_id_i2' };
  await expect(
    rig.core.regions.submit({ ...base, selection: { kind: 'rect', x: 1000, y: 0, w: 500, h: 10 } }),
  ).rejects.toThrow(/goes past the picture, which is 1152×864/);
  await expect(
    rig.core.regions.submit({
      ...base,
      model: 'image_model_id_i3',
      selection: { kind: 'rect', x: 0, y: 0, w: 5, h: 5 },
    }),
  ).rejects.toThrow(/cannot edit a region.*image_model_id_i1/);
  await expect(
    rig.core.regions.submit({ ...base, takes: 9, selection: { kind: 'rect', x: 0, y: 0, w: 5, h: 5 } }),
  ).rejects.toThrow(/Takes are 1 to 8/);
  await expect(
    rig.core.regions.submit({
      ...base,
      instruction: '   ',
      selection: { kind: 'rect', x: 0, y: 0, w: 5, h: 5 },
    }),
  ).rejects.toThrow(/Say what to change/);
  expect(rig.core.engine.list()).toHaveLength(sent);
});

it('edits a Create reference picture too (no library item behind it), and refuses a hostile result in words', async () => {
  const original = await anOriginal();
  // The same pixels in other bytes: a picture dropped on Create that the library does not hold.
  const stored = await rig.core.library.references.addBytes(
    await sharp(await readFile(original.path))
      .png({ compressionLevel: 1 })
      .toBuffer(),
  );
  expect(rig.core.library.bySha256(stored.sha256)).toBeNull();
  const selection: RegionSelection = {
    kind: 'brush',
    radius: 40,
    strokes: [
      [
        [200, 200],
        [600, 400],
      ],
    ],
  };
  const take = await rig.oneTake({
    source: { reference: stored.uri },
    selection,
    instruction: 'a kite',
    model: 'image_model_id_i1',
    key: 'region-press-0003',
  });
  await expectOnlyInsideChanged(original, take, selection);
  expect(await rig.core.regions.editOf(take.id)).toMatchObject({
    originalItemId: null,
    originalSha256: stored.sha256,
    instruction: 'a kite',
    originalKept: true,
  });

  expect(rig.core.engine.links(take.taskId ?? '').madeFrom).toEqual([]);

  // What the gateway sent is not a picture: refused with a sentence, and the useless copy removed (every try
  // of the download would otherwise leave one in the library folder; the link is fetched again).
  const hostile = join(rig.dir, 'hostile.png');
  await writeFile(hostile, '<html>not a picture</html>');
  await expect(rig.core.regions.composite('region-press-0003', hostile)).rejects.toThrow(
    /not a picture the studio can read/,
  );
  await expect(readFile(hostile, 'utf8')).rejects.toThrow(/ENOENT/);

  // The dropped picture's file gone from the references store: the take says there is nothing to edit again.
  await rm(rig.core.library.references.get(stored.sha256)?.path ?? '', { force: true });
  expect((await rig.core.regions.editOf(take.id))?.originalKept).toBe(false);
});

it('takes a Create reference that is a library picture (dragged from the library) as that item', async () => {
  const original = await anOriginal();
  const stored = await rig.core.library.references.addBytes(await readFile(original.path));
  const selection: RegionSelection = { kind: 'rect', x: 100, y: 100, w: 200, h: 150 };
  const take = await rig.oneTake({
    source: { reference: stored.uri },
    selection,
    instruction: 'a red kite',
    model: 'image_model_id_i1',
    key: 'region-press-0004',
  });
  await expectOnlyInsideChanged(original, take, selection);
  // Made from the item: compared with it, edited again from it, linked to its task.
  expect(readFileSettings(await readFile(take.path))?.region?.originalItemId).toBe(original.id);
  expect(await rig.core.regions.editOf(take.id)).toMatchObject({
    originalItemId: original.id,
    instruction: 'a red kite',
  });
  expect(rig.core.engine.links(take.taskId ?? '').madeFrom).toContainEqual(
    expect.objectContaining({ relation: 'edit', taskId: original.taskId }),
  );
});
