/// <reference lib="dom" />
// "Keeping", as a person uses them in web mode: click, Ctrl+click, Shift+click and the
// tile's check select; Ctrl+A from the keyboard selects everything the filter shows; Esc lets go. Then bulk
// favourite (the Favourites filter shows them), bulk delete and Undo (button and Ctrl+Z), a delete left to run
// out (gone from the grid, its task saying so, the file in the library's .trash), and a zip export downloaded
// and read entry by entry.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { seedLibrary } from './seeded-library';
import { readZip } from '../support/read-zip';
import { readDownload } from './browser';

// Newest first in the grid: Alder is the first tile, Fir the last.
const TREES = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir'] as const;
const promptOf = (tree: string) => `${tree} tree in morning fog`;
const COLOURS = ['#2e8b57', '#c0a060', '#8b4513', '#d87093', '#556b2f', '#20504a'];

const { studio, page } = useDemoStudio(0.05, undefined, (dataDir) =>
  seedLibrary(
    dataDir,
    TREES.map((tree, i) => ({
      prompt: promptOf(tree),
      colour: COLOURS[i] ?? '#777777',
      width: 320,
      height: 320,
      cost: 0.04,
      daysAgo: i,
    })),
  ),
);

const tiles = () => page.getByTestId('library-item');
const tile = (tree: string) => tiles().filter({ hasText: tree });
const bar = () => page.getByRole('toolbar', { name: 'Selection' });
const count = () => page.getByTestId('selection-count');

async function showLibrary(): Promise<void> {
  await goTo(page, 'Library');
  await expect.poll(() => tiles().count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(TREES.length);
}

async function ctrlClick(target: Locator): Promise<void> {
  await target.click({ modifiers: ['ControlOrMeta'] });
}

describe('selecting in the library grid', () => {
  it('selects with Ctrl+click, Shift+click, a click while selecting and the check; Esc lets go', async () => {
    await showLibrary();
    await ctrlClick(tile('Alder'));
    await expect.poll(() => count().textContent()).toBe('1 selected');
    // Ctrl+click selected; it did not open the viewer.
    expect(await page.evaluate(() => window.location.hash)).toBe('#/library');
    expect(await page.getByTestId('item-dialog').count()).toBe(0);

    await tile('Dogwood').click({ modifiers: ['Shift'] });
    await expect.poll(() => count().textContent()).toBe('4 selected');
    await ctrlClick(tile('Birch'));
    await expect.poll(() => count().textContent()).toBe('3 selected');
    // While a selection is open a plain click selects too.
    await tile('Fir').click();
    await expect.poll(() => count().textContent()).toBe('4 selected');
    await page.getByRole('checkbox', { name: `Select ${promptOf('Elm')}` }).check();
    await expect.poll(() => count().textContent()).toBe('5 selected');
    const selected = await page.locator('.tile-cell[data-selected="true"]').allTextContents();
    expect(selected.map((text) => text.split(' ')[0])).toEqual(['Alder', 'Cedar', 'Dogwood', 'Elm', 'Fir']);

    await page.keyboard.press('Escape');
    await bar().waitFor({ state: 'detached' });
    // With nothing selected a click opens the viewer, as before.
    await tile('Cedar').click();
    await page.getByTestId('item-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('item-dialog').waitFor({ state: 'detached' });
  });

  it('Ctrl+A from the keyboard selects all the filter shows; inside the search box it selects the text', async () => {
    await showLibrary();
    await tile('Birch').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await expect.poll(() => count().textContent()).toBe(`${TREES.length} selected`);
    await studio.shot('bulk-01-selection-toolbar');
    // Ctrl+click now takes one out of "all".
    await ctrlClick(tile('Cedar'));
    await expect.poll(() => count().textContent()).toBe(`${TREES.length - 1} selected`);
    await page.keyboard.press('Escape');
    await bar().waitFor({ state: 'detached' });

    const search = page.getByPlaceholder('Search prompts');
    await search.fill('fog');
    await search.press('ControlOrMeta+A');
    expect(
      await search.evaluate(
        (input: HTMLInputElement) => (input.selectionEnd ?? 0) - (input.selectionStart ?? 0),
      ),
    ).toBe(3);
    expect(await bar().count()).toBe(0);
    await search.fill('');
  });
});

describe('bulk actions', () => {
  it('favours the selection in one go; the Favourites filter then shows exactly those', async () => {
    await showLibrary();
    await ctrlClick(tile('Birch'));
    await ctrlClick(tile('Elm'));
    await bar().getByRole('button', { name: 'Favourite', exact: true }).click();
    await page.getByText('2 items marked as favourites.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('favourites-only').click();
    // Each tile shows its prompt (and its cost after it): the first word names the tree.
    await expect
      .poll(async () => (await tiles().allTextContents()).map((text) => text.split(' ')[0]))
      .toEqual(['Birch', 'Elm']);
    await page.getByTestId('favourites-only').click();
    await expect.poll(() => tiles().count()).toBe(TREES.length);
  });

  it('tags the selection from the Tags popover by keyboard; the tag filter then shows exactly those', async () => {
    await showLibrary();
    await ctrlClick(tile('Cedar'));
    await ctrlClick(tile('Fir'));
    const tagsButton = bar().getByRole('button', { name: 'Tags', exact: true });
    await tagsButton.click();
    const popover = page.getByRole('dialog', { name: 'Tags of 2 items' });
    // The popover opens for typing: the field has the focus.
    await page.keyboard.type('evergreen');
    await page.keyboard.press('Enter');
    await page.getByText('Tagged 2 items “evergreen”.').waitFor();
    await popover.getByRole('button', { name: 'Remove “evergreen” from the selected items' }).waitFor();
    await studio.shot('bulk-02-tags-popover');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await tagsButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await bar().waitFor({ state: 'detached' });

    await page.getByRole('combobox', { name: 'Filter by tag' }).fill('evergreen');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await tiles().allTextContents()).map((text) => text.split(' ')[0]))
      .toEqual(['Cedar', 'Fir']);

    // The chip's × takes the tag off every selected item again.
    await tile('Cedar').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await expect.poll(() => count().textContent()).toBe('2 selected');
    await tagsButton.click();
    await popover.getByRole('button', { name: 'Remove “evergreen” from the selected items' }).click();
    await page.getByText('Took “evergreen” off 2 items.').waitFor();
    await expect.poll(() => tiles().count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => tiles().count()).toBe(TREES.length);
  });

  it('deletes the selection and Undo brings it back as it was, favourites included', async () => {
    await showLibrary();
    await ctrlClick(tile('Birch'));
    await ctrlClick(tile('Cedar'));
    await bar().getByTestId('selection-delete').click();
    const toast = page
      .getByRole('status')
      .filter({ hasText: '2 items moved to the library’s .trash folder.' });
    await toast.waitFor();
    await expect.poll(() => tiles().count()).toBe(TREES.length - 2);
    await bar().waitFor({ state: 'detached' });
    await studio.shot('bulk-02-undo-toast');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Restored 2 items.').waitFor();
    await expect.poll(() => tiles().count()).toBe(TREES.length);
    expect(await tile('Birch').getByTestId('tile-favourite').count()).toBe(1);
    expect(await tile('Cedar').getByTestId('tile-favourite').count()).toBe(0);

    // From the keyboard: Ctrl+Z takes the newest deletion back.
    await ctrlClick(tile('Fir'));
    await bar().getByTestId('selection-delete').click();
    await page
      .getByRole('status')
      .filter({ hasText: '1 item moved to the library’s .trash folder.' })
      .waitFor();
    await expect.poll(() => tiles().count()).toBe(TREES.length - 1);
    await page.keyboard.press('ControlOrMeta+Z');
    await page.getByText('Restored 1 item.').waitFor();
    await expect.poll(() => tiles().count()).toBe(TREES.length);
  });

  it('exports the selection as a zip: each picture with its settings JSON beside it', async () => {
    await showLibrary();
    await ctrlClick(tile('Alder'));
    await ctrlClick(tile('Dogwood'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar().getByRole('button', { name: 'Export as zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gateway-studio-\d{4}-\d{2}-\d{2}-2-items\.zip$/);
    const entries = await readZip(await readDownload(download));
    const names = entries.map((e) => e.name).sort();
    expect(names).toHaveLength(4);
    for (const tree of ['Alder', 'Dogwood']) {
      const slug = `${tree.toLowerCase()}-tree-in-morning-fog`;
      const png = names.find((n) => n.includes(`_${slug}_`) && n.endsWith('.png'));
      expect(png).toMatch(/^\d{4}-\d{2}-\d{2}_[a-z]+-tree-in-morning-fog_[0-9a-f]{6,}\.png$/);
      const json = entries.find((e) => e.name === png?.replace(/\.png$/, '.json'));
      expect(JSON.parse(json?.bytes.toString('utf8') ?? 'null')).toMatchObject({
        app: 'gateway-studio',
        family: 'image.i3',
        model: 'image_model_id_i3',
        prompt: promptOf(tree),
      });
    }
    await page.getByText('Downloading gateway-studio-').waitFor();
    await page.keyboard.press('Escape');
  });

  it('a deletion left alone is gone for good: off the grid, its task says so, the file in .trash', async () => {
    const prompt = 'A lantern on a quiet pier';
    await chooseFamily(page, 'image.i3');
    await page.locator('#field-prompt').fill(prompt);
    await page.getByTestId('submit').click();
    await page.getByTestId('task-preview').waitFor();
    await goTo(page, 'Library');
    const made = tiles().filter({ hasText: prompt });
    await made.waitFor({ timeout: 60_000 });
    // The single-item path is the same: the viewer's Delete, no question, Undo offered.
    await made.click();
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Delete' }).click();
    const toast = page
      .getByRole('status')
      .filter({ hasText: '1 item moved to the library’s .trash folder.' });
    await toast.waitFor();
    if (await page.getByTestId('item-dialog').isVisible()) await page.keyboard.press('Escape');
    // Out of the toast's way: a pointer resting on it keeps it (and its Undo) on screen.
    await page.mouse.move(5, 5);
    await toast.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await tiles().filter({ hasText: prompt }).count()).toBe(0);
    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').filter({ hasText: prompt });
    await expect
      .poll(() => row.getByTestId('task-files').textContent())
      .toBe('1 file deleted from the library');
    // Nothing left to open in the library.
    expect(await row.getByRole('link', { name: 'Open in Library' }).count()).toBe(0);
    await studio.shot('bulk-03-task-file-deleted');
    const trash = join(studio.dataDir, 'library', '.trash');
    await expect
      .poll(async () => (await readdir(trash)).filter((name) => name.endsWith('.png')).length, {
        timeout: 30_000,
      })
      .toBe(1);
  });
});
