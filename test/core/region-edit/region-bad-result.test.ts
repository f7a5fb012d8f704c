// A bad answer to a region edit, met through the real download path (the demo gateway serving it from its
// result link, the downloader fetching and the library filing it): an error page, a truncated PNG, a picture
// of an absurd size. Each is refused with a sentence on the task's file, the original is untouched, no item is
// filed, nothing is left in the library folder, and nothing is sent or charged again; once the link serves a
// good picture, "Retry downloads" files the take from the same task.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { decodePicture } from '../../../electron/core/region-edit/region-composite';
import { regionMask } from '../../../electron/core/region-edit/region-mask';
import { type LinkOptions } from '../../../electron/simulator';
import type { RegionSelection } from '../../../shared/studio/region-selection';
import { driveUntil } from '../tasks/engine-rig';
import { maskedHashes } from './masked-hash';
import { useRegionRig } from './region-rig';

const rig = useRegionRig({ seed: 11, prefix: 'region-bad-' });
const { clock } = rig;

/** Every file under the library folder but thumbnails, by name. */
async function libraryFiles(): Promise<string[]> {
  const all = await readdir(join(rig.dir, 'library'), { recursive: true, withFileTypes: true });
  return all
    .filter((e) => e.isFile() && !e.parentPath.includes('thumb'))
    .map((e) => e.name)
    .sort();
}

const cases: [NonNullable<LinkOptions['damage']>, RegExp][] = [
  ['not-image', /not a known media type/],
  ['truncated', /could not be decoded|not a picture the studio can read/],
  ['wrong-size', /16400×8 pixels; a region edit takes 1 to 16384 on each side/],
];

it.each(cases)('a %s answer is refused in words, losing nothing and charging once', async (damage, said) => {
  await rig.core.engine.submitBatch(
    [{ family: 'image.i3', model: 'image_model_id_i3', params: { prompt: 'a quay', size: '4:3' } }],
    { key: `original-${damage}` },
  );
  const [original] = await rig.filedBatch(`original-${damage}`, 1);
  if (!original) throw new Error('no original');
  const originalBytes = await readFile(original.path);
  const before = await libraryFiles();

  rig.sim.links.set({ damage });
  const selection: RegionSelection = { kind: 'rect', x: 200, y: 150, w: 300, h: 200 };
  const press = await rig.core.regions.submit({
    source: { itemId: original.id },
    selection,
    instruction: 'a red buoy',
    model: 'image_model_id_i2',
    key: `region-${damage}`,
  });
  const taskId = press.tasks[0]?.id ?? '';
  const failed = () => rig.core.engine.files(taskId)[0]?.state === 'failed';
  expect(await driveUntil({ clock }, rig.core.engine, failed)).toBe(true);
  const [file] = rig.core.engine.files(taskId);
  expect(file?.error).toMatch(said);
  // Nothing filed, nothing left beside the original, the original as it was.
  expect(rig.core.library.query({ batchId: `region-${damage}` }).items).toHaveLength(0);
  expect(await libraryFiles()).toEqual(before);
  expect((await readFile(original.path)).equals(originalBytes)).toBe(true);
  expect(rig.core.library.get(original.id)?.sha256).toBe(original.sha256);

  // The link mends: the same task's file is fetched again, nothing sent or charged a second time.
  rig.sim.links.set({ damage: 'none' });
  await rig.core.engine.retryDownloads(taskId);
  const [take] = await rig.filedBatch(`region-${damage}`, 1);
  if (!take) throw new Error('no take');
  const edits = rig.sim.createdTasks().filter((t) => t.model === 'image_model_id_i2');
  expect(edits).toHaveLength(1);
  expect(edits[0]?.charged).toBe(true);
  const mask = await regionMask(selection, 1152, 864);
  if (!mask) throw new Error('no mask');
  const was = maskedHashes(await decodePicture(originalBytes), mask);
  const now = maskedHashes(await decodePicture(await readFile(take.path)), mask);
  expect(now.outside).toBe(was.outside);
  expect(now.inside).not.toBe(was.inside);
});
