/// <reference lib="dom" />
// Changing the library folder can start an empty library there instead of moving the one in use: Settings offers
// Move / Start an empty library there / Cancel, the new folder opens empty, and choosing the old folder again
// offers to open the library left there, which comes back whole, without what the other library gained.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { libraryDirNow, openLibraryFolderSetting } from './library-folder-setting';
import { loadedCount } from './page-pictures';
import { libraryPrompts, picturesInLibrary, submitPicture } from './studio-bridge';

const { studio, page } = useDemoStudio();

const prompts = async (): Promise<string[]> => (await libraryPrompts(page)).map((p) => p ?? '').sort();

describe('starting an empty library in another folder', () => {
  it('opens an empty library there, and the old one again when its folder is chosen', async () => {
    await picturesInLibrary(page, ['a lighthouse at dusk', 'a fox in the snow']);
    const before = await prompts();
    const oldDir = await libraryDirNow(page);

    const { folder, save, dialog } = await openLibraryFolderSetting(page);

    const target = join(await mkdtemp(join(tmpdir(), 'studio-e2e-empty-')), 'Second library');
    await folder.fill(target);
    await save.click();
    await dialog.getByRole('button', { name: 'Move the library' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await dialog.getByText('Or start an empty library there', { exact: false }).waitFor();
    await studio.shot('settings-library-start-empty-ask');
    await dialog.getByRole('button', { name: 'Start an empty library there' }).click();
    await page.getByText(`The library in ${target} is open.`).waitFor({ timeout: 60_000 });
    expect(await dialog.count()).toBe(0);
    expect(await libraryDirNow(page)).toBe(target);
    expect(await prompts()).toEqual([]);

    // The new library fills on its own.
    await submitPicture(page, 'a cat on a red sofa');
    await expect.poll(prompts, { timeout: 60_000 }).toEqual(['a cat on a red sofa']);

    // Back to the old folder: its library is offered, opened with the keyboard (the answer has the focus).
    await folder.fill(oldDir);
    await save.click();
    await dialog.getByText(/holds the library you left there \(2 items\)\. Open it\?/).waitFor();
    await studio.shot('settings-library-reopen-ask');
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Open that library' })
          .evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(`The library in ${oldDir} is open.`).waitFor({ timeout: 60_000 });
    expect(await libraryDirNow(page)).toBe(oldDir);
    expect(await prompts()).toEqual(before);

    // Its pictures show again: the tiles' images load from the old folder.
    await goTo(page, 'Library');
    await expect
      .poll(() => loadedCount(page.locator('main img')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await studio.shot('library-after-reopen');
  });
});
