/// <reference lib="dom" />
// Changing the library folder can start an empty library there instead of moving the one in use: Settings offers
// Move / Start an empty library there / Cancel, the new folder opens empty, and choosing the old folder again
// offers to open the library left there, which comes back whole, without what the other library gained.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();

async function trpc<T>(path: string, input?: unknown): Promise<T> {
  return page.evaluate(
    async ([p, body]) => {
      const res = await fetch(`/trpc/${p}`, {
        ...(body === undefined
          ? {}
          : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return ((await res.json()) as { result: { data: unknown } }).result.data;
    },
    [path, input] as const,
  ) as Promise<T>;
}

const prompts = async (): Promise<string[]> =>
  (await trpc<{ items: { prompt: string | null }[] }>('library.query')).items
    .map((i) => i.prompt ?? '')
    .sort();

const submit = (prompt: string): Promise<unknown> =>
  trpc('tasks.submit', {
    family: 'image.i3',
    model: 'image_model_id_i3',
    params: { prompt, size: '1:1', resolution: '1K' },
  });

describe('starting an empty library in another folder', () => {
  it('opens an empty library there, and the old one again when its folder is chosen', async () => {
    for (const prompt of ['a lighthouse at dusk', 'a fox in the snow']) await submit(prompt);
    await expect.poll(async () => (await prompts()).length, { timeout: 60_000 }).toBe(2);
    const before = await prompts();
    const oldDir = (await trpc<{ libraryDir: string }>('session.status')).libraryDir;

    await goTo(page, 'Settings');
    const folder = page.getByLabel('Library folder');
    const storage = page.locator('form', { has: page.getByRole('heading', { name: 'Storage' }) });
    const save = storage.getByRole('button', { name: 'Save', exact: true });

    const target = join(await mkdtemp(join(tmpdir(), 'studio-e2e-empty-')), 'Second library');
    await folder.fill(target);
    await save.click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the library folder' });
    await dialog.getByRole('button', { name: 'Move the library' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await dialog.getByText('Or start an empty library there', { exact: false }).waitFor();
    await studio.shot('settings-library-start-empty-ask');
    await dialog.getByRole('button', { name: 'Start an empty library there' }).click();
    await page.getByText(`The library in ${target} is open.`).waitFor({ timeout: 60_000 });
    expect(await dialog.count()).toBe(0);
    expect((await trpc<{ libraryDir: string }>('session.status')).libraryDir).toBe(target);
    expect(await prompts()).toEqual([]);

    // The new library fills on its own.
    await submit('a cat on a red sofa');
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
    expect((await trpc<{ libraryDir: string }>('session.status')).libraryDir).toBe(oldDir);
    expect(await prompts()).toEqual(before);

    // Its pictures show again: the tiles' images load from the old folder.
    await goTo(page, 'Library');
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              Array.from(document.querySelectorAll<HTMLImageElement>('main img')).filter(
                (img) => img.complete && img.naturalWidth > 0,
              ).length,
          ),
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
    await studio.shot('library-after-reopen');
  });
});
