/// <reference lib="dom" />
// Files a crash left in the library folder with no item, as a person meets them: the Library page says how many
// there are and offers to add them back or move them to the trash. One carries its settings (a PNG the studio
// wrote) and comes back as the picture it was made as; the other carries none and stays until it is trashed.
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngWithSettings } from '../../electron/core/library/file-settings';
import type { FileSettings } from '../../shared/studio/file-settings';
import { goTo, useDemoStudio } from './demo-studio';

const settings: FileSettings = {
  app: 'gateway-studio',
  version: 1,
  family: 'image.i3',
  model: 'image_model_id_i3',
  params: { prompt: 'a lighthouse a crash left behind', size: '16:9', resolution: '1K' },
  prompt: 'a lighthouse a crash left behind',
  taskId: null,
  madeFrom: [],
};

const picture = (colour: string) =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Two files in a day folder of web mode's library, written more than a minute ago, with no item. */
async function leaveStrays(dataDir: string): Promise<void> {
  const day = join(dataDir, 'library', '2026-11-20');
  await mkdir(day, { recursive: true });
  const old = new Date(Date.now() - 120_000);
  const files = {
    'lighthouse.png': Buffer.from(pngWithSettings(await picture('#336699'), settings)),
    'unknown.png': await picture('#996633'),
  };
  for (const [name, bytes] of Object.entries(files)) {
    await writeFile(join(day, name), bytes);
    await utimes(join(day, name), old, old);
  }
}

const { studio, page } = useDemoStudio(0.05, undefined, leaveStrays);

describe('files no item indexes', () => {
  it('are said on the Library page, added back from their settings, and the rest moved to the trash', async () => {
    await goTo(page, 'Library');
    const notice = page.getByTestId('stray-notice');
    await expect
      .poll(() => notice.textContent(), { timeout: 15_000 })
      .toMatch(/2 files in the library folder are not in the library \(.+\).*1 of them carries its settings/);
    await studio.shot('library-strays-01-found');

    await notice.getByRole('button', { name: 'Add them back' }).click();
    await expect
      .poll(() => page.getByTestId('stray-done').textContent(), { timeout: 15_000 })
      .toBe('Done: 1 added back, 0 moved to the trash, 1 left where they are (they carry no settings).');
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('lighthouse');
    await expect.poll(() => page.getByText('1 item', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('');

    await expect
      .poll(() => notice.textContent())
      .toMatch(/^1 file in the library folder is not in the library/);
    await notice.getByRole('button', { name: 'Move them to the trash' }).click();
    await expect
      .poll(() => page.getByTestId('stray-done').textContent(), { timeout: 15_000 })
      .toBe('Done: 0 added back, 1 moved to the trash, 0 left where they are (they carry no settings).');
    expect(await notice.count()).toBe(0);
  });
});
