/// <reference lib="dom" />
// As a creator does it on the demo gateway: a result opened in the library is edited and
// run again (the form comes back with its settings), its made-from chain is walked both ways by clicking,
// "Run again" says what it started and links to it, a picture becomes another family's reference, and a PNG
// the app made, dropped on Create, restores its form while a plain picture becomes a reference image.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';
import { dropFile } from './dropped-files';

const { studio, page } = useDemoStudio();

const DUSK = 'A lighthouse at dusk, oil on canvas';
const NIGHT = 'A lighthouse at night, oil on canvas';
const WATERCOLOUR = 'The same lighthouse in watercolour';

interface ListedTask {
  id: string;
  family: string;
  state: string;
  params: { prompt?: string; image_urls?: string[] };
  downloads: { done: number; total: number };
}

async function tasks(): Promise<ListedTask[]> {
  return (await callStudio<{ tasks: ListedTask[] }>(page, 'tasks.list')).tasks;
}

/** Waits until the task with this prompt is completed and its files are in the library. */
async function filed(prompt: string): Promise<ListedTask> {
  await expect
    .poll(
      async () => {
        const task = (await tasks()).find((t) => t.params.prompt === prompt);
        return (
          task &&
          task.state === 'completed' &&
          task.downloads.total > 0 &&
          task.downloads.done === task.downloads.total
        );
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return (await tasks()).find((t) => t.params.prompt === prompt) as ListedTask;
}

/** Opens the library item whose picture shows this prompt. */
async function openItem(prompt: string): Promise<void> {
  if (await page.getByTestId('item-dialog').isVisible()) await page.keyboard.press('Escape');
  await goTo(page, 'Library');
  const tile = page
    .getByTestId('library-item')
    .filter({ has: page.getByRole('img', { name: prompt, exact: true }) });
  await tile.first().click({ timeout: 30_000 });
  await page.getByTestId('item-dialog').waitFor();
}

const promptValue = () => page.getByLabel('Prompt', { exact: true }).inputValue();

describe('reusing results', () => {
  it('edit and run again restores every setting; the made-from chain is clickable both ways', async () => {
    await chooseFamily(page, 'image.i3');
    await page.getByLabel('Prompt', { exact: true }).fill(DUSK);
    await page.getByRole('button', { name: 'Generate' }).click();
    const first = await filed(DUSK);

    await openItem(DUSK);
    await page.getByRole('button', { name: 'Edit and run again' }).click();
    await page.getByTestId('form-image.i3').waitFor();
    await expect.poll(promptValue).toBe(DUSK);
    await page.getByTestId('edit-note').waitFor();
    await studio.shot('reuse-01-edit-and-run-again');

    await page.getByLabel('Prompt', { exact: true }).fill(NIGHT);
    await page.getByRole('button', { name: 'Generate' }).click();
    const edited = await filed(NIGHT);
    expect(edited.id).not.toBe(first.id);

    await openItem(NIGHT);
    const chain = page.getByTestId('made-from');
    const source = chain.getByRole('link', { name: `Edit of · Image I3 · ${DUSK}` });
    await source.waitFor({ timeout: 15_000 });
    await studio.shot('reuse-02-made-from-chain');
    await source.click();
    // The step opens the earlier item, whose chain names what was made from it.
    await chain.getByRole('link', { name: `Edited into · Image I3 · ${NIGHT}` }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('item-dialog').getByRole('img', { name: DUSK }).count()).toBeGreaterThan(0);
    await studio.shot('reuse-03-made-from-this');
  });

  it('run again says what it started and links to the new task', async () => {
    await openItem(DUSK);
    const before = (await tasks()).length;
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Run again', exact: true }).click();
    await page.getByText('Started a new Image I3 task with the same settings.').waitFor({ timeout: 15_000 });
    await studio.shot('reuse-04-run-again-toast');
    await page.getByRole('link', { name: 'Show the task' }).click();
    const current = page.locator('[data-testid="task-row"][aria-current="true"]');
    await current.waitFor({ timeout: 15_000 });
    const started = (await tasks()).filter((t) => t.params.prompt === DUSK);
    expect((await tasks()).length).toBe(before + 1);
    expect(await current.getAttribute('data-task-id')).toBe(started[0]?.id);
    await studio.shot('reuse-05-task-linked');
  });

  it('[EP-IMAGE-2] use as reference offers only families that take images and puts the picture in the list', async () => {
    await openItem(DUSK);
    await page.getByRole('button', { name: 'Use as reference…' }).click();
    const choices = page.getByRole('group', { name: 'Use it in:' });
    await choices.waitFor();
    await studio.shot('reuse-06-use-as-reference-families');
    // I4 is text only ([EP-IMAGE-4]): it is not offered.
    expect(await choices.getByRole('button', { name: 'Image I4', exact: true }).count()).toBe(0);
    await choices.getByRole('button', { name: 'Image I2 (extended)' }).click();
    await page.getByTestId('form-image.i2').waitFor();
    await page.getByRole('img', { name: 'Reference image 1' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Prompt', { exact: true }).fill(WATERCOLOUR);
    await studio.shot('reuse-07-reference-in-form');
    await page.getByRole('button', { name: 'Generate' }).click();
    const made = await filed(WATERCOLOUR);
    expect(made.params.image_urls?.[0]).toMatch(/^studio-ref:[0-9a-f]{64}$/);

    await openItem(WATERCOLOUR);
    await page
      .getByTestId('made-from')
      .getByRole('link', { name: `Reference · Image I3 · ${DUSK}` })
      .waitFor({
        timeout: 15_000,
      });
  });

  it('a PNG the app made, dropped on Create, restores its form; a plain picture becomes a reference', async () => {
    await openItem(DUSK);
    const src = await page
      .getByTestId('item-dialog')
      .getByRole('img', { name: DUSK })
      .first()
      .getAttribute('src');
    const base64 = await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    }, src ?? '');
    const madeByApp = Buffer.from(base64, 'base64');
    await page.keyboard.press('Escape');

    // On another family's form: the file names its own family, and that form comes back.
    await chooseFamily(page, 'video.s');
    await dropFile(page.getByTestId('settings-drop'), 'dusk.png', 'image/png', madeByApp);
    await page.getByTestId('form-image.i3').waitFor({ timeout: 15_000 });
    await expect.poll(promptValue).toBe(DUSK);
    await page.getByText('Restored the Image I3 settings from dusk.png.').waitFor();
    await studio.shot('reuse-08-dropped-png-restored');

    const plain = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2b8a3e' } })
      .png()
      .toBuffer();
    await chooseFamily(page, 'image.i4');
    await dropFile(page.getByTestId('settings-drop'), 'green.png', 'image/png', plain);
    await page.getByText('Image I4 takes no reference images', { exact: false }).waitFor();

    await chooseFamily(page, 'image.i2');
    const before = await page.getByRole('img', { name: /^Reference image/ }).count();
    await dropFile(page.getByTestId('settings-drop'), 'green.png', 'image/png', plain);
    await expect
      .poll(() => page.getByRole('img', { name: /^Reference image/ }).count(), { timeout: 15_000 })
      .toBe(before + 1);
    await studio.shot('reuse-09-plain-png-reference');
    expect(studio.pageErrors).toEqual([]);
  });
});
