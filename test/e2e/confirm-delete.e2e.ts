/// <reference lib="dom" />
// Deleting a library item asks first, in the app's own dialog (no window.confirm): an alertdialog over the item
// dialog, Cancel focused, Esc backs out and keeps the file, Delete removes it and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, openDemoStudio, type DemoStudio } from './demo-studio';

let studio: DemoStudio;
beforeAll(async () => {
  studio = await openDemoStudio();
});
afterAll(() => studio?.close());

describe('deleting from the library', () => {
  it('asks in an in-app dialog; Esc keeps the file, Delete removes it', async () => {
    const { page } = studio;
    // No browser dialog may appear: one would fail the test rather than be accepted silently.
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await goTo(page, 'Speech');
    await page.getByLabel('Text').fill('A clip to delete.');
    await page.getByRole('button', { name: 'Speak' }).click();
    await page.getByTestId('speech-audio').first().waitFor({ timeout: 30_000 });

    await goTo(page, 'Library');
    const items = page.getByTestId('library-item');
    await items.first().waitFor({ timeout: 15_000 });
    const before = await items.count();
    await items.first().click();
    const itemDialog = page.getByTestId('item-dialog');
    await itemDialog.waitFor();

    await itemDialog.getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete this file?' });
    await ask.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 15_000 })
      .toBe('Cancel');
    await studio.shot('confirm-delete');
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached', timeout: 15_000 });
    // Esc closed only the question: the item is still open, and still in the library.
    expect(await itemDialog.isVisible()).toBe(true);

    await itemDialog.getByRole('button', { name: 'Delete' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted from the library.').waitFor({ timeout: 15_000 });
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(before - 1);
    expect(nativeDialogs).toEqual([]);
  });
});
