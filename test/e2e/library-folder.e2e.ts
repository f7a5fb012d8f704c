/// <reference lib="dom" />
// Settings refuses a library folder that would expose more than the library (a filesystem root, the home folder
// itself), says why at the field, and keeps the folder in use; a proper folder is then saved.
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDemoStudio } from './demo-studio';
import { openLibraryFolderSetting } from './library-folder-setting';

const { studio } = useDemoStudio();

describe('the library folder setting', () => {
  it('refuses a filesystem root and the home folder with a sentence at the field, then saves a real folder', async () => {
    const { page } = studio;
    const { folder, save } = await openLibraryFolderSetting(page);

    await folder.fill('/');
    await save.click();
    await page.getByText('A filesystem root holds far more than the library.', { exact: false }).waitFor();
    expect(await folder.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Settings saved.').count()).toBe(0);
    await studio.shot('settings-library-folder-root');

    await folder.fill(homedir());
    await folder.press('Enter');
    await page.getByText('Not your home folder itself', { exact: false }).waitFor();

    const session = await page.evaluate(async () => (await fetch('/trpc/session.status')).json());
    expect(JSON.stringify(session)).not.toContain(`"libraryDir":"/"`);

    const good = join(tmpdir(), `studio-e2e-library-${Date.now()}`);
    await folder.fill(good);
    await save.click();
    await page.getByText('Settings saved.').waitFor();
    expect(await folder.getAttribute('aria-invalid')).toBeNull();
  });
});
