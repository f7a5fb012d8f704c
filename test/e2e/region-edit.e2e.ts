/// <reference lib="dom" />
// "Edit a region" as a creator does it, on the demo gateway: from a picture's viewer, a region drawn with the
// mouse (a lasso) and another typed from the keyboard (x, y, w, h), each sent with an instruction to an
// edit-capable model. Each take is a new library item in which every pixel outside the selection is the
// original's (a hash of the masked area) and the inside changed; the editor is clean for axe in both schemes;
// of two takes one is kept (a favourite) and the other discarded, and the kept one opens beside the original in
// the compare view. "Edit again" on the kept take opens the original with that take's region, instruction and
// model.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readFileSettings } from '../../electron/core/library/file-settings';
import { decodePicture } from '../../electron/core/region-edit/region-composite';
import { regionMask } from '../../electron/core/region-edit/region-mask';
import type { RegionSelection } from '../../shared/studio/region-selection';
import { maskedHashes } from '../core/region-edit/masked-hash';
import { shotAndScanEachScheme } from './axe-scan';
import { generateIntoLibrary, goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const PROMPT = 'a harbour at noon';
const { studio, page } = useDemoStudio(0.05);

interface Item {
  id: string;
  path: string;
  prompt: string | null;
  sha256: string;
  model: string;
  favourite: boolean;
  createdAt: number;
  batch?: { id: string };
}

async function items(): Promise<Item[]> {
  return (await callStudio<{ items: Item[] }>(page, 'library.query')).items;
}

/** Every take of this instruction: changed inside its region, the original's outside it. */
async function expectTakes(original: Item, instruction: string, count: number): Promise<RegionSelection> {
  const takes = (await items()).filter((i) => i.prompt === instruction);
  expect(takes).toHaveLength(count);
  const before = await decodePicture(await readFile(original.path));
  let selection: RegionSelection | null = null;
  for (const take of takes) {
    const settings = readFileSettings(await readFile(take.path));
    expect(settings?.region?.originalItemId).toBe(original.id);
    selection = settings?.region?.selection ?? null;
    if (!selection) throw new Error('no region kept in the take');
    const mask = await regionMask(selection, before.width, before.height);
    if (!mask) throw new Error('no mask');
    const want = maskedHashes(before, mask);
    const got = maskedHashes(await decodePicture(await readFile(take.path)), mask);
    expect(got.outside).toBe(want.outside);
    expect(got.inside).not.toBe(want.inside);
  }
  if (!selection) throw new Error('no takes');
  return selection;
}

describe('editing a region of a picture', () => {
  it('draws a lasso with the mouse and types a rectangle, and only the regions change', async () => {
    await generateIntoLibrary(page, PROMPT);
    const original = (await items()).find((i) => i.prompt === PROMPT);
    if (!original) throw new Error('no original');

    await page.getByRole('button', { name: PROMPT }).click();
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Edit a region' }).click();
    await page.getByRole('heading', { name: 'Edit a region', level: 1 }).waitFor();
    const surface = page.getByRole('img', { name: 'The picture: drag to select' });
    await surface.waitFor();
    await shotAndScanEachScheme(page, (n) => studio.shot(n), 'region-editor');

    // The mouse: a lasso around the middle of the picture.
    await page.getByRole('radio', { name: 'Lasso' }).check();
    const box = await surface.boundingBox();
    if (!box) throw new Error('no surface');
    const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
    await page.mouse.move(...at(0.3, 0.3));
    await page.mouse.down();
    for (const [fx, fy] of [
      [0.5, 0.25],
      [0.7, 0.35],
      [0.72, 0.6],
      [0.5, 0.75],
      [0.28, 0.6],
    ] as const)
      await page.mouse.move(...at(fx, fy), { steps: 4 });
    await page.mouse.up();
    await page.getByLabel('What to change').fill('make the sky stormy');
    await page.getByRole('radio', { name: /Image I2 \(extended\)/ }).check();
    await shotAndScanEachScheme(page, (n) => studio.shot(n), 'region-editor-lasso');
    await page.getByRole('button', { name: /^Edit the region/ }).click();
    await page.getByText('1 of 1 takes in the library').waitFor({ timeout: 90_000 });
    const lasso = await expectTakes(original, 'make the sky stormy', 1);
    expect(lasso.kind).toBe('lasso');
    await studio.shot('region-edit-take');

    // The keyboard: clear, then x, y, w, h typed, two takes.
    await page.getByRole('button', { name: 'Clear selection' }).click();
    for (const [label, value] of [
      ['X', '40'],
      ['Y', '60'],
      ['Width', '300'],
      ['Height', '200'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).focus();
      await page.keyboard.type(value);
    }
    await page.getByLabel('What to change').fill('a red boat');
    await page.getByRole('spinbutton', { name: 'Takes' }).fill('2');
    await page.getByRole('button', { name: /^Edit the region, 2 takes/ }).click();
    await page.getByText('2 of 2 takes in the library').waitFor({ timeout: 90_000 });
    expect(await expectTakes(original, 'a red boat', 2)).toEqual({
      kind: 'rect',
      x: 40,
      y: 60,
      w: 300,
      h: 200,
    });
    await shotAndScanEachScheme(page, (n) => studio.shot(n), 'region-edit-takes');

    // Keep the one you like: take 2 becomes the favourite, take 1 goes to the trash (with Undo), the original
    // stays as it was.
    const boats = () => items().then((all) => all.filter((i) => i.prompt === 'a red boat'));
    await page.getByRole('button', { name: 'Keep take 2' }).click();
    await page.getByText('Keeping take 2 (marked a favourite); the original is unchanged.').waitFor();
    await shotAndScanEachScheme(page, (n) => studio.shot(n), 'region-edit-keep');
    const kept = (await boats()).filter((i) => i.favourite);
    expect(kept).toHaveLength(1);
    await page.getByRole('button', { name: 'Discard the other take' }).click();
    await page.getByText('1 take discarded (Undo is in the notice).').waitFor();
    await studio.shot('region-edit-kept');
    // Only the kept take is left in the library, still a favourite; nothing was written over.
    const left = await boats();
    expect(left.map((i) => [i.id, i.favourite, i.sha256])).toEqual([[kept[0]?.id, true, kept[0]?.sha256]]);
    const still = (await items()).find((i) => i.id === original.id);
    expect(still?.sha256).toBe(original.sha256);
    expect(still?.favourite).toBe(false);

    // Before and after, in the compare view.
    await page.getByRole('link', { name: 'Compare take 2 with the original' }).click();
    await page.getByRole('heading', { name: 'Compare', level: 1 }).waitFor();
    await studio.shot('region-edit-compare');
    await goTo(page, 'Library');

    // "Edit again" on the kept take: the editor opens on the original (not the take) with the region and the
    // instruction the take's PNG keeps, filled in for another press.
    const keptTake = kept[0];
    if (!keptTake) throw new Error('no kept take');
    const keptSettings = readFileSettings(await readFile(keptTake.path))?.region;
    expect(keptSettings).toMatchObject({
      selection: { kind: 'rect', x: 40, y: 60, w: 300, h: 200 },
      instruction: 'a red boat',
      originalItemId: original.id,
    });
    await page.getByRole('button', { name: 'a red boat' }).click();
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Edit again' }).click();
    await page.getByRole('heading', { name: 'Edit a region', level: 1 }).waitFor();
    await page.getByRole('img', { name: PROMPT }).waitFor();
    await expect.poll(() => page.getByLabel('What to change').inputValue()).toBe('a red boat');
    for (const [label, value] of [
      ['X', '40'],
      ['Y', '60'],
      ['Width', '300'],
      ['Height', '200'],
    ] as const)
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    // The take was made with Image I2 (extended), not the first model offered: that is the one chosen again.
    const models = page.getByRole('group', { name: 'Model' }).getByRole('radio');
    await expect.poll(() => models.first().isChecked()).toBe(false);
    await expect
      .poll(() => page.getByRole('radio', { name: /Image I2 \(extended\)/ }).isChecked())
      .toBe(true);
    await studio.shot('region-edit-again');

    // That model's id changed in Settings: Edit again chooses the first model that can edit, and says why.
    await callStudio(page, 'settings.update', { modelOverrides: { [keptTake.model]: 'acme-i2-edit' } });
    await page.reload();
    await page.getByRole('heading', { name: 'Edit a region', level: 1 }).waitFor();
    await page
      .getByText(
        `The model this take was made with (${keptTake.model}) is no longer offered; the first that can edit is chosen.`,
      )
      .waitFor();
    await expect.poll(() => models.first().isChecked()).toBe(true);
    expect(await page.getByLabel('What to change').inputValue()).toBe('a red boat');
    await studio.shot('region-edit-again-model-gone');
  });
});
