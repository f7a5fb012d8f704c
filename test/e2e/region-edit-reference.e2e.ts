/// <reference lib="dom" />
// "Edit a region" from Create, on a reference picture the creator dropped (no library item behind it): the
// reference's own button opens the editor on it, a rectangle drawn with the mouse is edited on the demo gateway
// (which answers with the picture it was sent, turned), and the take, a new library item, holds the reference's
// pixels outside the rectangle exactly (a hash of the masked area) and changed ones inside; the compare view shows
// the take beside the reference, and Edit again on the take opens the reference with the take's region,
// instruction and model; once the reference's file is gone, the take and the editor say so in words.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readFileSettings } from '../../electron/core/library/file-settings';
import { decodePicture } from '../../electron/core/region-edit/region-composite';
import { regionMask } from '../../electron/core/region-edit/region-mask';
import { maskedHashes } from '../core/region-edit/masked-hash';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { dropFile } from './dropped-files';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio(0.05);

/** 640 × 400, detail in every pixel and a blue block, so a moved pixel shows. */
async function referencePicture(): Promise<Buffer> {
  const raw = Buffer.alloc(640 * 400 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 4) * 13) % 233;
  return sharp(raw, { raw: { width: 640, height: 400, channels: 3 } })
    .composite([
      {
        input: { create: { width: 200, height: 160, channels: 3, background: '#1864ab' } },
        top: 120,
        left: 220,
      },
    ])
    .png()
    .toBuffer();
}

describe('editing a region of a Create reference picture', () => {
  it('opens from the reference, and only the drawn rectangle changes', async () => {
    const png = await referencePicture();
    await chooseFamily(page, 'image.i2');
    await dropFile(page.locator('.dropzone'), 'harbour.png', 'image/png', png);
    await page.getByRole('img', { name: 'Reference image 1' }).waitFor();
    await studio.shot('region-edit-from-create');

    await page.getByRole('link', { name: 'Edit a region of this picture (1)' }).click();
    await page.getByRole('heading', { name: 'Edit a region', level: 1 }).waitFor();
    const surface = page.getByRole('img', { name: 'The picture: drag to select' });
    await surface.waitFor();
    // The region's numbers say the reference's own size.
    await page.getByText('Region in pixels (the picture is 640 × 400)').waitFor();

    // A rectangle dragged over the blue block's left half.
    await page.getByRole('radio', { name: 'Rectangle' }).check();
    const box = await surface.boundingBox();
    if (!box) throw new Error('no surface');
    const at = (x: number, y: number) =>
      [box.x + (box.width * x) / 640, box.y + (box.height * y) / 400] as const;
    await page.mouse.move(...at(160, 80));
    await page.mouse.down();
    await page.mouse.move(...at(360, 320), { steps: 6 });
    await page.mouse.up();
    await page.getByLabel('What to change').fill('turn the block into a boat');
    await page.getByRole('radio', { name: /Image I2 \(extended\)/ }).check();
    await page.getByRole('button', { name: /^Edit the region/ }).click();
    await page.getByText('1 of 1 takes in the library').waitFor({ timeout: 90_000 });
    await studio.shot('region-edit-from-create-take');

    const { items } = await callStudio<{ items: { path: string; prompt: string | null }[] }>(
      page,
      'library.query',
    );
    const take = items.find((i) => i.prompt === 'turn the block into a boat');
    if (!take) throw new Error('no take');
    const settings = readFileSettings(await readFile(take.path));
    const selection = settings?.region?.selection;
    expect(selection?.kind).toBe('rect');
    expect(settings?.region?.originalItemId).toBeNull();
    if (!selection) throw new Error('no region kept');
    const before = await decodePicture(png);
    const after = await decodePicture(await readFile(take.path));
    expect([after.width, after.height]).toEqual([640, 400]);
    const mask = await regionMask(selection, 640, 400);
    if (!mask) throw new Error('no mask');
    expect(maskedHashes(after, mask).outside).toBe(maskedHashes(before, mask).outside);
    expect(maskedHashes(after, mask).inside).not.toBe(maskedHashes(before, mask).inside);

    // Before and after: the take opens beside the reference itself (it is no library item) in the compare view,
    // both pictures drawn at the reference's size.
    await page.getByRole('link', { name: 'Compare take 1 with the original' }).click();
    await page.getByRole('heading', { name: 'Compare', level: 1 }).waitFor();
    const drawn = async (name: string) => {
      const img = page.getByRole('img', { name, exact: true });
      await img.waitFor();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => [el.complete, el.naturalWidth, el.naturalHeight]))
        .toEqual([true, 640, 400]);
    };
    await drawn('The reference picture');
    await drawn('turn the block into a boat');
    await studio.shot('region-edit-from-create-compare');

    // Edit again from the take: the editor opens on the dropped picture (by its hash) with the take's region,
    // instruction and model filled in.
    const region = settings?.region;
    if (selection.kind !== 'rect' || !region) throw new Error('no rectangle kept');
    await goTo(page, 'Library');
    await page.getByRole('button', { name: 'turn the block into a boat' }).click();
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Edit again' }).click();
    await page.getByRole('heading', { name: 'Edit a region', level: 1 }).waitFor();
    await page.getByText('Region in pixels (the picture is 640 × 400)').waitFor();
    await expect
      .poll(() => page.getByLabel('What to change').inputValue())
      .toBe('turn the block into a boat');
    for (const [label, value] of [
      ['X', selection.x],
      ['Y', selection.y],
      ['Width', selection.w],
      ['Height', selection.h],
    ] as const)
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(String(value));
    expect(await page.getByRole('radio', { name: /Image I2 \(extended\)/ }).isChecked()).toBe(true);
    await studio.shot('region-edit-from-create-again');

    // The dropped picture's file gone from the studio's references: the take says so instead of offering Edit
    // again, and the editor's address says so instead of a form that could only fail.
    const files = await readdir(studio.dataDir, { recursive: true });
    const file = files.find((f) => f.endsWith(`${region.originalSha256}.png`));
    if (!file) throw new Error('the reference file was not found');
    await rm(join(studio.dataDir, file));
    const editorAddress = new URL(page.url()).hash;
    await page.reload();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This picture is no longer kept in the studio' })
      .waitFor();
    expect(await page.getByRole('button', { name: /^Edit the region/ }).count()).toBe(0);
    expect(editorAddress).toMatch(new RegExp(`^#/edit-region/ref/${region.originalSha256}/`));
    await studio.shot('region-edit-from-create-gone');
    await goTo(page, 'Library');
    await page.getByRole('button', { name: 'turn the block into a boat' }).click();
    const viewer = page.getByTestId('item-dialog');
    await viewer
      .getByText('The picture this take was made from is no longer kept, so it cannot be edited again.')
      .waitFor();
    expect(await viewer.getByRole('button', { name: 'Edit again' }).count()).toBe(0);
  });
});
