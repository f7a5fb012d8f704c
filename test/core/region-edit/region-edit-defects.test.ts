// Three ways a region edit went wrong, each held here through the core as the app composes it, on the demo
// gateway: a phone photo turned by its EXIF orientation had its region put back where the stored pixels lie,
// not where it was drawn; a take of a JPEG answer kept its .jpg name over the PNG bytes of the composite; and
// the takes past the request budget, waiting in the queue, lost their link to the original they edit.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { expect, it } from 'vitest';
import { regionMask } from '../../../electron/core/region-edit/region-mask';
import type { RegionSelection } from '../../../shared/studio/region-selection';
import { maskedHashes } from './masked-hash';
import { useRegionRig } from './region-rig';

// One request a window: a press of two takes sends one and queues the other.
const rig = useRegionRig({
  seed: 7,
  prefix: 'region-defects-',
  parts: { budget: { requests: 1, perMs: 1_000 } },
});
const { clock } = rig;

/** 300 wide and 200 high as stored, with detail in every pixel. */
async function storedPixels(): Promise<Sharp> {
  const raw = Buffer.alloc(300 * 200 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 3) * 31) % 251;
  return sharp(raw, { raw: { width: 300, height: 200, channels: 3 } });
}

async function uprightRgba(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, hasAlpha: false };
}

it('puts the region back where it was drawn on a photo turned by its EXIF orientation', async () => {
  // Orientation 6: shown turned a quarter clockwise, 200 wide and 300 high, as the editor's <img> shows it.
  const photo = await (
    await storedPixels()
  )
    .png()
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
  const stored = await rig.core.library.references.addBytes(photo);
  // Drawn on the upright picture: a band low down, which does not exist in the stored 300 × 200 orientation.
  const selection: RegionSelection = { kind: 'rect', x: 20, y: 220, w: 150, h: 60 };
  const take = await rig.oneTake({
    source: { reference: stored.uri },
    selection,
    instruction: 'a red kite',
    model: 'image_model_id_i2',
    key: 'region-turned-0001',
  });
  const before = await uprightRgba(photo);
  const after = await uprightRgba(await readFile(take.path));
  expect([after.width, after.height]).toEqual([200, 300]);
  const mask = await regionMask(selection, 200, 300);
  if (!mask) throw new Error('no mask');
  expect(maskedHashes(after, mask).outside).toBe(maskedHashes(before, mask).outside);
  expect(maskedHashes(after, mask).inside).not.toBe(maskedHashes(before, mask).inside);
});

it('names a take .png when the gateway answered a JPEG, the .jpg gone, nothing overwritten', async () => {
  const original = await rig.core.library.references.addBytes(await (await storedPixels()).png().toBuffer());
  const take = await rig.oneTake({
    source: { reference: original.uri },
    selection: { kind: 'rect', x: 10, y: 10, w: 80, h: 60 },
    instruction: 'a boat',
    model: 'image_model_id_i2',
    key: 'region-jpeg-0001',
  });
  const task = rig.core.engine.get(take?.taskId ?? '');
  if (!take || !task) throw new Error('no take');
  // A second answer of the same task, as a JPEG named .jpg the way the downloader names what it sniffs.
  const jpeg = join(rig.dir, 'library', 'answer.jpg');
  await writeFile(
    jpeg,
    await sharp(await readFile(take.path))
      .jpeg()
      .toBuffer(),
  );
  // Where the .png would go is taken already: it is never written over.
  await writeFile(join(rig.dir, 'library', 'answer.png'), 'someone else');
  const filedAt = await rig.core.library.addFromDownload({
    task,
    file: {
      kind: 'image',
      url: 'https://files.example/answer.jpg',
      expiresAt: null,
      index: 1,
      title: null,
      durationSeconds: null,
    },
    path: jpeg,
    size: 0,
    sha256: 'x'.repeat(64),
    mime: 'image/jpeg',
  });
  expect(filedAt).toBe(join(rig.dir, 'library', 'answer-2.png'));
  const bytes = await readFile(filedAt);
  expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  await expect(readFile(jpeg)).rejects.toThrow(/ENOENT/);
  expect(await readFile(join(rig.dir, 'library', 'answer.png'), 'utf8')).toBe('someone else');
  const item = rig.core.library.query({ batchId: 'region-jpeg-0001' }).items.find((i) => i.path === filedAt);
  expect(item?.mime).toBe('image/png');
});

it('keeps the made-from link of a take that waited in the queue', async () => {
  const made = await rig.core.engine.submitBatch(
    [{ family: 'image.i3', model: 'image_model_id_i3', params: { prompt: 'a pier', size: '4:3' } }],
    { key: 'region-original-01' },
  );
  const [original] = await rig.filedBatch(made.batchId, 1);
  if (!original) throw new Error('no original');
  // A window of the request budget free for the press (the original's polls took the last one).
  await clock.advanceTo(clock.now() + 5_000);
  const press = await rig.core.regions.submit({
    source: { itemId: original.id },
    selection: { kind: 'rect', x: 100, y: 100, w: 200, h: 150 },
    instruction: 'a lantern',
    model: 'image_model_id_i2',
    takes: 2,
    key: 'region-queued-0001',
  });
  // One went at once; the other waited its turn in the queue.
  expect(press.tasks).toHaveLength(1);
  const takes = await rig.filedBatch('region-queued-0001', 2);
  expect(takes).toHaveLength(2);
  for (const take of takes)
    expect(rig.core.engine.links(take.taskId ?? '').madeFrom).toContainEqual(
      expect.objectContaining({ relation: 'edit', taskId: original.taskId }),
    );
});
