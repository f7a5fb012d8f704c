/// <reference lib="dom" />
// WCAG 2.1 AA around the library and the queue, in light and in dark (accessibility-create.e2e.ts has Create's
// forms, accessibility-sync.e2e.ts Settings › Sync): axe-core finds no serious or critical violation on the prompt
// history and its Forget all question, the styles panel, the preset bar and its Keep your prompt? question, the
// recipes and their editor, the queue and its question about an item at the gateway, the viewer of a video and of
// a track and their comparisons, a task shown on Tasks, the compare group of one prompt on several models and the
// library folder's question. Each dialog opened from a button hands the focus back to that button when Esc
// closes it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROMPT, RAIN_FAST, useA11yStudio, WAVES_SLOW } from './a11y-rig';
import { emulateScheme, expectCleanDialog, openPage, SCHEMES } from './axe-scan';
import { chooseFamily } from './demo-studio';
import { RAIN_TRACK, WAVES_VIDEO } from './seeded-media';

const rig = useA11yStudio({ media: true, compareGroup: true });
const scan = rig.scan;
let page: Page;
beforeAll(() => {
  page = rig.page();
});

/** The library's tiles that show the prompt of the compare group, newest first (Run again adds one each time). */
const promptTiles = () =>
  page.getByTestId('library-item').filter({ has: page.getByRole('img', { name: PROMPT, exact: true }) });

describe.each(SCHEMES)('WCAG 2.1 AA in %s', (scheme) => {
  beforeAll(async () => {
    await emulateScheme(page, scheme);
  });

  it('the prompt history, its Forget all question, and the styles panel', async () => {
    await chooseFamily(page, 'image.i3');
    const history = page.getByRole('button', { name: 'History' });
    const panel = page.getByRole('dialog', { name: 'Prompt history' });
    await expectCleanDialog(history, panel, panel.getByRole('option', { name: new RegExp(`^${PROMPT}`) }));
    await history.click();
    await expectCleanDialog(
      panel.getByRole('button', { name: 'Forget all' }),
      page.getByRole('alertdialog', { name: 'Forget every prompt?' }),
    );
    await page.keyboard.press('Escape');

    const menu = page.getByRole('dialog', { name: 'Styles' });
    await expectCleanDialog(page.getByRole('button', { name: 'Styles', exact: true }), menu);
    await page.getByRole('button', { name: 'Styles', exact: true }).click();
    await menu.getByRole('button', { name: 'New style' }).click();
    expect(await scan()).toEqual([]);
    await menu.getByLabel('Name').press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('the preset bar and its Keep your prompt? question', async () => {
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    const prompt = form.getByLabel('Prompt', { exact: true });
    await prompt.fill('A heron at dawn');
    await form.getByRole('button', { name: 'Save as preset' }).click();
    await form.getByLabel('Preset name').fill(`Heron in ${scheme}`);
    expect(await scan()).toEqual([]);
    await form.getByRole('button', { name: 'Save preset' }).click();
    await page.getByText(`Preset “Heron in ${scheme}” saved.`).first().waitFor();
    await prompt.fill('A crane at dusk');
    await expectCleanDialog(
      form.getByRole('button', { name: 'Apply' }),
      page.getByRole('alertdialog', { name: 'Keep your prompt?' }),
    );
  });

  it('the recipes and the recipe editor', async () => {
    await chooseFamily(page, 'image.i3');
    const recipes = page.getByRole('region', { name: 'Recipes' });
    const name = `Picture then video in ${scheme}`;
    const file = join(rig.folder(), `recipe-${scheme}.json`);
    const steps = [
      { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: '{prompt}', size: '16:9' } },
      { family: 'video.s', model: 'video_model_id_s', params: { prompt: 'slow push in' }, bind: 'image' },
    ];
    await writeFile(
      file,
      JSON.stringify({ format: 'gateway-studio-recipe', version: 1, recipe: { name, steps } }),
    );
    await recipes.locator('input[type=file]').setInputFiles(file);
    await page.getByText(`Recipe “${name}” imported.`).first().waitFor();
    await recipes.getByRole('list', { name: 'Steps' }).waitFor();
    expect(await scan()).toEqual([]);
    await recipes.getByRole('button', { name: 'New recipe' }).click();
    await recipes.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await scan()).toEqual([]);
    await recipes.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the queue on Tasks', async () => {
    await openPage(page, 'Tasks');
    await page.getByRole('button', { name: 'Pause queue' }).click();
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    await form.getByLabel('Prompt', { exact: true }).fill(`A wren on a branch, in ${scheme}`);
    await form.getByRole('button', { name: 'Queue', exact: true }).click();
    await openPage(page, 'Tasks');
    await page.getByTestId('queue-item').first().waitFor();
    expect(await scan()).toEqual([]);
    await page.getByRole('button', { name: 'Resume queue' }).click();
  });

  it.each([
    [WAVES_VIDEO.prompt, WAVES_SLOW, 'compare-video-b'],
    [RAIN_TRACK.prompt, RAIN_FAST, 'compare-audio-b'],
  ])('the viewer of “%s” and its comparison with “%s”', async (first, second, media) => {
    await openPage(page, 'Library');
    await page.getByTestId('library-item').filter({ hasText: first }).first().click();
    const viewer = page.getByTestId('item-dialog');
    await viewer.getByRole('heading', { name: 'Details' }).waitFor();
    expect(await scan()).toEqual([]);
    await viewer.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByRole('dialog', { name: 'Compare with' }).getByRole('button', { name: second }).click();
    await page.getByRole('heading', { name: 'Compare', level: 1 }).waitFor();
    await page.getByTestId(media).waitFor({ state: 'attached' });
    expect(await scan()).toEqual([]);
  });

  it('a task shown on Tasks from the toast of Run again', async () => {
    await openPage(page, 'Library');
    await promptTiles().first().click();
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Run again', exact: true }).click();
    await page
      .getByText(/^Started a new Image I\d task/)
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Show the task' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await page.locator('[data-testid="task-row"][aria-current="true"]').waitFor({ timeout: 15_000 });
    expect(await scan()).toEqual([]);
  });

  it('the compare group of one prompt on several models', async () => {
    await openPage(page, 'Library');
    await promptTiles().last().click();
    await page.getByTestId('item-dialog').getByRole('button', { name: 'Compare group' }).click();
    await page.getByRole('heading', { name: 'Compare models' }).waitFor();
    await expect.poll(() => page.getByTestId('group-media').count(), { timeout: 30_000 }).toBe(2);
    expect(await scan()).toEqual([]);
  });

  it('the library folder’s question in Settings', async () => {
    await openPage(page, 'Settings');
    const storage = page.locator('form', { has: page.getByRole('heading', { name: 'Storage' }) });
    await page.getByLabel('Library folder').fill(join(rig.folder(), `library-${scheme}`));
    const dialog = page.getByRole('alertdialog', { name: 'Change the library folder' });
    await expectCleanDialog(
      storage.getByRole('button', { name: 'Save', exact: true }),
      dialog,
      dialog.getByText(/^Move \d+ files/),
    );
  });
});

describe('the queue’s question before it stops tracking an item already at the gateway', () => {
  // A minute of K video takes about 40 s on the demo's clock: long enough to ask about it in both schemes.
  it('in light and dark, Esc giving the focus back to the row’s Cancel', async () => {
    const prompt = 'A slow pan over a harbour at night';
    await openPage(page, 'Tasks');
    await page.getByRole('button', { name: 'Pause queue' }).click();
    await chooseFamily(page, 'video.k');
    const form = page.getByTestId('form-video.k');
    await form.getByLabel('Prompt', { exact: true }).fill(prompt);
    await form.getByLabel('Duration (seconds)').fill('60');
    await form.getByRole('button', { name: 'Queue', exact: true }).click();
    await openPage(page, 'Tasks');
    await page.getByRole('button', { name: 'Resume queue' }).click();
    const cancel = page
      .getByTestId('queue-item')
      .filter({ hasText: prompt })
      .and(page.locator('[data-state="sent"]'))
      .getByRole('button', { name: 'Cancel', exact: true });
    await cancel.waitFor({ timeout: 20_000 });
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await expectCleanDialog(cancel, page.getByRole('alertdialog', { name: 'Already at the gateway' }));
    }
  });
});
