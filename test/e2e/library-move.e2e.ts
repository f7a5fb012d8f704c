/// <reference lib="dom" />
// Changing the library folder moves the library there: Settings refuses a folder that cannot take it (one with
// other files, one inside the library, one that cannot be created) with a sentence at the field, asks before
// moving with what will move (cancelled, no folder is left behind by the check), and afterwards every file is in the new folder, none in the old, and the library's
// pictures still show.
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { libraryDirNow, openLibraryFolderSetting } from './library-folder-setting';
import { loadedCount } from './page-pictures';
import { callStudio, picturesInLibrary } from './studio-bridge';

const { studio, page } = useDemoStudio();

interface Item {
  relativePath: string;
  thumbnailRelativePath: string | null;
}

const libraryItems = async (): Promise<Item[]> =>
  (await callStudio<{ items: Item[] }>(page, 'library.query')).items;

describe('moving the library folder', () => {
  it('refuses a folder that cannot take the library, then moves files and index to a new one', async () => {
    await picturesInLibrary(page, ['a lighthouse at dusk', 'a fox in the snow']);
    const before = await libraryItems();
    const oldDir = await libraryDirNow(page);

    const { folder, save, dialog } = await openLibraryFolderSetting(page);

    const busy = await mkdtemp(join(tmpdir(), 'studio-e2e-busy-'));
    await writeFile(join(busy, 'notes.txt'), 'somebody else’s');
    await folder.fill(busy);
    await save.click();
    await page.getByText('This folder already holds other files.', { exact: false }).waitFor();
    expect(await folder.getAttribute('aria-invalid')).toBe('true');

    await folder.fill(join(oldDir, 'inside'));
    await folder.press('Enter');
    await page.getByText('Not a folder inside the library folder', { exact: false }).waitFor();

    await folder.fill(join(busy, 'notes.txt', 'library'));
    await save.click();
    await page.getByText('This folder cannot be created or written', { exact: false }).waitFor();
    await studio.shot('settings-library-move-refused');
    expect(await libraryDirNow(page)).toBe(oldDir);

    // Asked, then cancelled: the check before the question made no folder, so none is left behind.
    const parent = await mkdtemp(join(tmpdir(), 'studio-e2e-moved-'));
    await folder.fill(join(parent, 'Not this one', 'library'));
    await save.click();
    await dialog.getByText(/^Move \d+ files/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(existsSync(join(parent, 'Not this one'))).toBe(false);
    expect(await libraryDirNow(page)).toBe(oldDir);

    const target = join(parent, 'My library');
    await folder.fill(target);
    await save.click();
    await dialog.getByText(/^Move \d+ files \(.+\) from .+ to .+My library\?$/).waitFor();
    await dialog
      .getByText('Nothing leaves the old folder until it has arrived in the new one.', { exact: false })
      .waitFor();
    await studio.shot('settings-library-move-ask');
    await dialog.getByRole('button', { name: 'Move the library' }).click();
    await page.getByText(`The library is now in ${target}.`).waitFor({ timeout: 60_000 });
    expect(await dialog.count()).toBe(0);

    expect(await libraryDirNow(page)).toBe(target);
    const after = await libraryItems();
    expect(after.map((i) => i.relativePath).sort()).toEqual(before.map((i) => i.relativePath).sort());
    for (const item of after) {
      for (const rel of [item.relativePath, item.thumbnailRelativePath]) {
        if (!rel) continue;
        expect(existsSync(join(target, ...rel.split('/'))), rel).toBe(true);
        expect(existsSync(join(oldDir, ...rel.split('/'))), rel).toBe(false);
      }
    }

    // The pictures still show: every tile's image loads from the new folder.
    await goTo(page, 'Library');
    await expect
      .poll(() => loadedCount(page.locator('main img')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await studio.shot('library-after-move');
  });
});
