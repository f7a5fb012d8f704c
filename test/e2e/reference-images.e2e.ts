/// <reference lib="dom" />
// Dropping a reference image on the I2 form as a person does (a drag from the desktop is a drop event carrying
// the file): the image goes up once, its stored thumbnail appears, the task completes, and what the page reads
// back (tasks.list, library.query) carries `studio-ref:<sha256>`, never the image ([EP-IMAGE-2], [LIM-10]).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';
import { dropFile } from './dropped-files';
import { loadedWidth } from './page-pictures';

const { studio, page } = useDemoStudio();

const bridgeBytes = (path: string) =>
  page.evaluate(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength, path);

describe('reference images', () => {
  it('[EP-IMAGE-2] a dropped image shows its stored thumbnail and the I2 task completes without carrying it', async () => {
    // A 3 MB photo-sized PNG of noise, with a visible block of colour so the thumbnail is recognisable.
    const side = 1000;
    const noise = randomBytes(side * side * 3);
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .composite([
        {
          input: { create: { width: 600, height: 600, channels: 3, background: '#e8590c' } },
          top: 200,
          left: 200,
        },
      ])
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(2_000_000);

    await chooseFamily(page, 'image.i2');
    await page.getByLabel('Prompt', { exact: true }).fill('The same orange square, painted in watercolour');
    await dropFile(page.locator('.dropzone'), 'orange.png', 'image/png', png);

    const thumb = page.getByRole('img', { name: 'Reference image 1' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(/^\/references\/[0-9a-f]{64}\/thumbnail$/);
    await expect.poll(() => loadedWidth(thumb)).toBe(320);
    await studio.shot('refs-01-dropped-thumbnail');

    await page.getByRole('button', { name: 'Generate' }).click();
    const preview = page.locator(
      '[data-testid="task-preview"][data-family="image.i2"] [data-testid="preview-image"]',
    );
    await preview.first().waitFor({ timeout: 90_000 });
    await studio.shot('refs-02-task-completed');

    const { tasks } = await callStudio<{
      tasks: { family: string; state: string; params: { image_urls?: string[] } }[];
    }>(page, 'tasks.list');
    const task = tasks.find((t) => t.family === 'image.i2');
    expect(task?.state).toBe('completed');
    expect(task?.params.image_urls?.[0]).toMatch(/^studio-ref:[0-9a-f]{64}$/);
    // The page's reads stay the size of rows, not of images.
    expect(await bridgeBytes('/trpc/tasks.list')).toBeLessThan(20_000);
    expect(
      await bridgeBytes(`/trpc/library.query?input=${encodeURIComponent(JSON.stringify({ limit: 50 }))}`),
    ).toBeLessThan(50_000);
  });

  it('an image over the size limit is refused beside the drop zone with a sentence', async () => {
    await chooseFamily(page, 'image.i2');
    const big = Buffer.alloc(21 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const before = await page.getByRole('img', { name: /^Reference image/ }).count();
    await dropFile(page.locator('.dropzone'), 'huge.png', 'image/png', big);
    await page.getByText('A reference image can be at most 20 MiB; huge.png is 21 MiB.').waitFor();
    expect(await page.getByRole('img', { name: /^Reference image/ }).count()).toBe(before);
    await studio.shot('refs-03-too-large');
  });

  it('a damaged picture is refused beside the drop zone with a sentence, and nothing is sent or charged', async () => {
    await chooseFamily(page, 'image.i2');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const before = await page.getByRole('img', { name: /^Reference image/ }).count();
    await dropFile(page.locator('.dropzone'), 'broken.png', 'image/png', cut);
    await page.getByText('This image is damaged', { exact: false }).first().waitFor();
    expect(await page.getByRole('img', { name: /^Reference image/ }).count()).toBe(before);
    expect(await page.getByText('Added as a reference image').count()).toBe(0);
    await studio.shot('refs-04-damaged');
  });
});
