// Settings › Storage's library folder as a person changes it: the field, its section's Save, and the dialog a
// folder that could take the library opens to ask what to do with it. Shared by the tests that refuse a folder,
// move the library, or start an empty one.
import type { Locator, Page } from 'playwright-core';
import { goTo } from './demo-studio';
import { callStudio } from './studio-bridge';

export interface LibraryFolderSetting {
  folder: Locator;
  save: Locator;
  /** The question asked once a new folder is saved (move, start empty, or open the library left there). */
  dialog: Locator;
}

/** Opens Settings and finds the library folder setting. */
export async function openLibraryFolderSetting(page: Page): Promise<LibraryFolderSetting> {
  await goTo(page, 'Settings');
  const storage = page.locator('form', { has: page.getByRole('heading', { name: 'Storage' }) });
  return {
    folder: page.getByLabel('Library folder'),
    save: storage.getByRole('button', { name: 'Save', exact: true }),
    dialog: page.getByRole('alertdialog', { name: 'Change the library folder' }),
  };
}

/** The folder the library is in now, as the studio reports it. */
export async function libraryDirNow(page: Page): Promise<string> {
  return (await callStudio<{ libraryDir: string }>(page, 'session.status')).libraryDir;
}
