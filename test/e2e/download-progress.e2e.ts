/// <reference lib="dom" />
// A result on a slow link shows its download as it happens: Create's preview says the task is done and the
// result is being saved, with the bytes and their share and a bar, and the Tasks page's row says the same,
// until the picture is in the library.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';

// About 5 KiB pictures at 1.5 KB/s: a few seconds of saving, reported four times a second.
const { studio, page } = useDemoStudio(0.05, undefined, undefined, undefined, {
  links: { bytesPerSecond: 1500 },
});

describe('download progress', () => {
  it('shows the bytes saved and their share in the Create preview and on the task’s row', async () => {
    await chooseFamily(page, 'image.i3');
    await page.getByLabel('Prompt', { exact: true }).fill('a slow boat on a calm sea');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const preview = page.getByTestId('task-preview');
    const saving = preview.getByTestId('preview-saving');
    await saving.getByText(/^Saving .+ of .+ \(\d+%\)$/).waitFor({ timeout: 60_000 });
    await saving.getByRole('progressbar').waitFor();
    expect(await saving.textContent()).toContain('Done: saving the result to the library…');
    await studio.shot('create-preview-saving');

    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').first();
    const download = row.getByTestId('task-download');
    // The same picture may finish while the page opens: then a second one is sent to watch.
    const shown = await download
      .getByText(/^Saving .+ of .+ \(\d+%\)$/)
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!shown) {
      await chooseFamily(page, 'image.i3');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await preview.getByTestId('preview-saving').waitFor({ timeout: 60_000 });
      await goTo(page, 'Tasks');
      await download.getByText(/^Saving .+ of .+ \(\d+%\)$/).waitFor({ timeout: 30_000 });
    }
    await studio.shot('tasks-row-saving');
    await expect.poll(() => row.textContent(), { timeout: 60_000 }).toContain('1 of 1 files saved');
    await goTo(page, 'Create');
    await preview.getByTestId('preview-image').first().waitFor({ timeout: 30_000 });
  });
});
