/// <reference lib="dom" />
// V2 and I6 take image URLs, so they take a picture the way every other family does: dropped
// from the desktop or pasted, it is stored as a reference, shown by its thumbnail, and sent as an upload to the
// gateway (the demo offers uploads as the real gateway does), never as a gateway link that expires.
import { describe, expect, it } from 'vitest';
import type { FamilyId } from '../../shared/catalog';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';
import { dropFile } from './dropped-files';
import { loadedWidth, pastePicture, pictureInPage } from './page-pictures';

const { studio, page } = useDemoStudio();

/** Drops a small PNG drawn in the page on the form's drop zone, as a drag from the desktop does. */
async function dropPicture(family: FamilyId, colour: string): Promise<void> {
  const zone = page.getByTestId(`form-${family}`).locator('.dropzone');
  await dropFile(zone, 'still.png', 'image/png', await pictureInPage(page, colour, 48, 32));
}

interface SentTask {
  family: string;
  state: string;
  params: { image_urls?: string[] };
  referencesSentAs: { how: string } | null;
}

const taskOf = async (family: FamilyId) =>
  (await callStudio<{ tasks: SentTask[] }>(page, 'tasks.list')).tasks.find((t) => t.family === family) ??
  null;

describe('pictures on the families that take image URLs', () => {
  it('V2 takes a dropped picture, shows it, and sends it uploaded', async () => {
    await chooseFamily(page, 'video.v2');
    const form = page.getByTestId('form-video.v2');
    await form.getByLabel('Prompt', { exact: true }).fill('The orange kite lifts off the beach');
    await dropPicture('video.v2', '#e8590c');
    const thumb = form.getByRole('img', { name: 'Reference image 1' });
    await thumb.waitFor();
    await expect.poll(() => loadedWidth(thumb)).toBeGreaterThan(0);
    expect(await page.getByText('takes no reference images').count()).toBe(0);
    await thumb.scrollIntoViewIfNeeded();
    await studio.shot('picture-links-v2-dropped');

    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => taskOf('video.v2').then((t) => t?.state), { timeout: 120_000 }).toBe('completed');
    const task = await taskOf('video.v2');
    expect(task?.params.image_urls?.[0]).toMatch(/^studio-ref:[0-9a-f]{64}$/);
    expect(task?.referencesSentAs?.how).toBe('upload');
    await goTo(page, 'Tasks');
    await page.getByText('Reference pictures: uploaded to the gateway and sent as links.').first().waitFor();
  });

  it('I6 takes a dropped and a pasted picture alike, and sends both uploaded', async () => {
    await chooseFamily(page, 'image.i6');
    const form = page.getByTestId('form-image.i6');
    await form.getByLabel('Prompt', { exact: true }).fill('The same kite as a linocut print');
    await dropPicture('image.i6', '#2f6f8f');
    await form.getByRole('img', { name: 'Reference image 1' }).waitFor();
    await pastePicture(page, '#d0643c');
    await form.getByRole('img', { name: 'Reference image 2' }).waitFor();
    await form.getByRole('img', { name: 'Reference image 2' }).scrollIntoViewIfNeeded();
    await studio.shot('picture-links-i6-dropped-and-pasted');

    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => taskOf('image.i6').then((t) => t?.state), { timeout: 120_000 }).toBe('completed');
    const task = await taskOf('image.i6');
    expect(task?.params.image_urls).toHaveLength(2);
    for (const url of task?.params.image_urls ?? []) expect(url).toMatch(/^studio-ref:[0-9a-f]{64}$/);
    expect(task?.referencesSentAs?.how).toBe('upload');
  });
});
