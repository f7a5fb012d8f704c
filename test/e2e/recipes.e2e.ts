/// <reference lib="dom" />
// Recipes on the demo gateway, as a creator runs them from Create: a two-step recipe (an image, then a video
// that starts from it) imported from its file shows its total before anything is sent, runs in one press with
// one progress bar, and the video is filed with its made-from link to the picture; a recipe whose second step
// fails stops there with a sentence, sends nothing after it (its third step never leaves) and charges nothing
// more than its first step, and the failed step can be tried again on its own. Last, a step with no estimate
// under a confirmation threshold is asked about in the same question as Generate, and goes once the person
// types a price to assume there; and trying a failed step again meets that question too before it is sent.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulateScheme, SCHEMES, violationLines } from './axe-scan';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { demoReceived } from './demo-received';
import { answerWithPrice, saveLimits } from './spending-limits';
import { clearStartingPrice } from './starting-price';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

interface ListedTask {
  id: string;
  family: string;
  state: string;
  cost: number | null;
  params: { prompt?: string; image_urls?: string[]; size?: string };
}

async function tasks(): Promise<ListedTask[]> {
  return (await callStudio<{ tasks: ListedTask[] }>(page, 'tasks.list')).tasks;
}

async function madeFrom(taskId: string): Promise<{ relation: string; taskId: string }[]> {
  return page.evaluate(async (id) => {
    const input = encodeURIComponent(JSON.stringify({ id }));
    const answer = (await (await fetch(`/trpc/reuse.chain?input=${input}`)).json()) as {
      result: { data: { madeFrom: { relation: string; taskId: string }[] } };
    };
    return answer.result.data.madeFrom;
  }, taskId);
}

const image = {
  family: 'image.i3',
  model: 'image_model_id_i3',
  params: { prompt: '{prompt}', size: '16:9', resolution: '1K' },
};
const video = (prompt: string) => ({
  family: 'video.s',
  model: 'video_model_id_s',
  params: { prompt, duration: 5 },
  bind: 'image',
});

async function importRecipe(name: string, steps: unknown[]): Promise<void> {
  const file = join(studio.dataDir, `${name}.json`);
  await writeFile(
    file,
    JSON.stringify({ format: 'gateway-studio-recipe', version: 1, recipe: { name, steps } }),
  );
  await page.getByRole('region', { name: 'Recipes' }).locator('input[type=file]').setInputFiles(file);
  await page.getByText(`Recipe “${name}” imported.`).waitFor();
}

describe('Recipes', () => {
  it('image, then a video from it: the total before sending, one press, filed with its made-from link', async () => {
    await chooseFamily(page, 'image.i3');
    const panel = page.getByRole('region', { name: 'Recipes' });
    await importRecipe('Picture to video', [image, video('slow push in')]);
    await expect.poll(() => panel.getByLabel('Choose a recipe').inputValue()).not.toBe('');
    expect(await panel.getByRole('list', { name: 'Steps' }).getByRole('listitem').allTextContents()).toEqual([
      'Image I3',
      'Video S · takes the picture before',
    ]);
    await panel.getByLabel(/^Prompts/).fill('a lighthouse at dusk');
    const total = panel.getByTestId('recipe-total');
    await expect
      .poll(() => total.textContent(), { timeout: 15_000 })
      .toMatch(/^2 steps ≈ \d+\.\d+ USD in all$/);
    expect(await tasks()).toEqual([]);
    await studio.shot('recipe-total');

    await panel.getByRole('button', { name: 'Run recipe' }).click();
    const run = panel.getByTestId('recipe-run');
    await expect
      .poll(() => run.textContent(), { timeout: 90_000 })
      .toContain('Done: every result is in the library.');
    expect(await run.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await studio.shot('recipe-done');

    const sent = await tasks();
    const picture = sent.find((t) => t.family === 'image.i3');
    const clip = sent.find((t) => t.family === 'video.s');
    expect(picture?.params.prompt).toBe('a lighthouse at dusk');
    expect(clip?.params.image_urls?.[0]).toMatch(/^studio-ref:/);
    expect((await madeFrom(clip?.id ?? '')).map((l) => l.taskId)).toContain(picture?.id);
  });

  it('a second step that fails stops the recipe: nothing after it is sent or charged, and it can be tried alone', async () => {
    const panel = page.getByRole('region', { name: 'Recipes' });
    await importRecipe('Fails at two', [
      image,
      video('a shot that fails [fail]'),
      { ...video('again'), bind: 'video' },
    ]);
    await panel.getByLabel(/^Prompts/).fill('a heron at dawn');
    await expect
      .poll(() => panel.getByTestId('recipe-total').textContent(), { timeout: 15_000 })
      .toMatch(/^3 steps/);
    const before = (await tasks()).length;
    await panel.getByRole('button', { name: 'Run recipe' }).click();
    const stopped = panel.getByText(/^Stopped at step 2 \(Video S\): .* Nothing after it was sent\.$/);
    await stopped.waitFor({ timeout: 90_000 });
    await studio.shot('recipe-stopped');

    const sent = (await tasks()).slice(0, (await tasks()).length - before);
    expect(sent.map((t) => t.family).sort()).toEqual(['image.i3', 'video.s']);
    const failed = sent.find((t) => t.family === 'video.s');
    expect(failed?.state).toBe('failed');
    // Nothing more than the first step was charged: the failed step costs nothing and no third step left.
    expect(failed?.cost ?? 0).toBe(0);

    await panel.getByRole('button', { name: 'Try step 2 again' }).click();
    await expect.poll(async () => (await tasks()).length - before, { timeout: 30_000 }).toBe(3);
    expect((await tasks()).filter((t) => t.family === 'image.i3')).toHaveLength(2);
  });

  it('after a picture step the editor offers only what takes a picture: no music operation, as the API has none', async () => {
    await chooseFamily(page, 'image.i3');
    const panel = page.getByRole('region', { name: 'Recipes' });
    await panel.getByRole('button', { name: 'New recipe' }).click();
    const editor = panel.getByRole('region', { name: 'Recipe editor' });
    await editor.getByRole('button', { name: 'Add a step' }).click();
    const offered = await editor.getByLabel('What step 2 makes').locator('option').allTextContents();
    expect(offered).toContain('Video S');
    expect(offered.filter((name) => name.startsWith('Music'))).toEqual([]);
    // What it takes is what the picture step makes: a picture, never a track or a grid.
    const takes = await editor.getByLabel('What step 2 takes').locator('option').allTextContents();
    expect(takes).toEqual(['takes the picture before']);
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await studio.shot(`recipe-editor-after-picture-${scheme}`);
      expect(await violationLines(page)).toEqual([]);
    }
    await emulateScheme(page, 'light');
    await editor.getByRole('button', { name: 'Cancel' }).click();
  });

  it('built in the editor (steps added, moved, removed, the picture wired into the video), then run to the end', async () => {
    await chooseFamily(page, 'image.i3');
    const panel = page.getByRole('region', { name: 'Recipes' });
    await panel.getByRole('button', { name: 'New recipe' }).click();
    const editor = panel.getByRole('region', { name: 'Recipe editor' });
    await editor.getByLabel('Recipe name').fill('Built here');
    const settings = (step: number) => editor.getByRole('form', { name: `Settings of step ${step}` });
    // Step 1 makes a picture (its prompt left empty: the run's prompt goes there), wide.
    expect(await editor.getByLabel('What step 1 makes').inputValue()).toBe('image.i3');
    await settings(1)
      .getByRole('radiogroup', { name: 'Aspect ratio' })
      .getByText('16:9', { exact: true })
      .click();
    // Step 2: a video that takes the picture before.
    await editor.getByRole('button', { name: 'Add a step' }).click();
    expect(await editor.getByLabel('What step 2 makes').inputValue()).toBe('video.s');
    expect(await editor.getByLabel('What step 2 takes').inputValue()).toBe('image');
    await settings(2).getByLabel('Prompt', { exact: true }).fill('slow push in');
    // A third step, moved up, then removed: the video step keeps its words through both.
    await editor.getByRole('button', { name: 'Add a step' }).click();
    await settings(3).getByLabel('Prompt', { exact: true }).fill('to be removed');
    await editor.getByRole('button', { name: 'Move step 3 up' }).click();
    expect(await settings(2).getByLabel('Prompt', { exact: true }).inputValue()).toBe('to be removed');
    expect(await settings(3).getByLabel('Prompt', { exact: true }).inputValue()).toBe('slow push in');
    await editor.getByRole('button', { name: 'Remove step 2' }).click();
    expect(await settings(2).getByLabel('Prompt', { exact: true }).inputValue()).toBe('slow push in');
    await studio.shot('recipe-editor');
    await editor.getByRole('button', { name: 'Save recipe' }).click();
    await page.getByText('Recipe “Built here” saved.').waitFor();
    expect(await panel.getByRole('list', { name: 'Steps' }).getByRole('listitem').allTextContents()).toEqual([
      'Image I3',
      'Video S · takes the picture before',
    ]);

    // Opened again, the editor shows what was saved.
    await panel.getByRole('button', { name: 'Edit' }).click();
    expect(await settings(2).getByLabel('Prompt', { exact: true }).inputValue()).toBe('slow push in');
    await editor.getByRole('button', { name: 'Cancel' }).click();

    await panel.getByLabel(/^Prompts/).fill('a harbour at night');
    await expect
      .poll(() => panel.getByTestId('recipe-total').textContent(), { timeout: 15_000 })
      .toMatch(/^2 steps ≈ \d+\.\d+ USD in all$/);
    const before = (await tasks()).length;
    await panel.getByRole('button', { name: 'Run recipe' }).click();
    await expect
      .poll(() => panel.getByTestId('recipe-run').first().textContent(), { timeout: 90_000 })
      .toContain('Done: every result is in the library.');
    const sent = (await tasks()).slice(0, (await tasks()).length - before);
    const picture = sent.find((t) => t.family === 'image.i3');
    const clip = sent.find((t) => t.family === 'video.s');
    expect(picture?.params).toMatchObject({ prompt: 'a harbour at night', size: '16:9' });
    expect(clip?.params.prompt).toBe('slow push in');
    expect(clip?.params.image_urls?.[0]).toMatch(/^studio-ref:/);
    expect((await madeFrom(clip?.id ?? '')).map((l) => l.taskId)).toContain(picture?.id);
  });

  // The editor saved a step whose required prompt was empty; running it charged step 1, then
  // stopped at step 2. Saving now checks every step's request and says the first problem, sending nothing.
  it('a recipe with a step that could never be sent is refused at Save with a sentence, and nothing is charged', async () => {
    await chooseFamily(page, 'image.i3');
    const panel = page.getByRole('region', { name: 'Recipes' });
    await panel.getByRole('button', { name: 'New recipe' }).click();
    const editor = panel.getByRole('region', { name: 'Recipe editor' });
    await editor.getByLabel('Recipe name').fill('Cannot finish');
    await editor.getByRole('button', { name: 'Add a step' }).click();
    // Step 2 edits the picture before (Image I1), and its prompt, which I1 requires, is left empty.
    await editor.getByLabel('What step 2 makes').selectOption('image.i1');
    const tasksBefore = (await tasks()).length;
    await editor.getByRole('button', { name: 'Save recipe' }).click();
    await editor
      .getByRole('alert')
      .getByText(
        'Step 2 (Image I1) cannot be sent: prompt: This field is required. The recipe was not saved.',
      )
      .waitFor();
    await studio.shot('recipe-editor-refused');
    const saved = await callStudio<{ name: string }[]>(page, 'recipes.list');
    expect(saved.map((r) => r.name)).not.toContain('Cannot finish');
    expect((await tasks()).length).toBe(tasksBefore);
    await editor.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a step with no estimate meets the question Generate asks: the price to assume typed there, the recipe goes', async () => {
    // I6 with its starting price cleared: nothing prices it, and a threshold is set, so running it is asked about.
    await clearStartingPrice(page, 'Image I6');
    await saveLimits(page, { 'Ask before sending above': '1' });
    await chooseFamily(page, 'image.i3');
    const panel = page.getByRole('region', { name: 'Recipes' });
    await importRecipe('Unpriced', [
      { family: 'image.i6', model: 'image_model_id_i6', params: { prompt: '{prompt}' } },
    ]);
    await panel.getByLabel(/^Prompts/).fill('a paper boat on a puddle');
    await expect
      .poll(() => panel.getByTestId('recipe-total').textContent(), { timeout: 15_000 })
      .toBe('1 step; no estimate yet');
    const before = (await tasks()).length;

    await panel.getByRole('button', { name: 'Run recipe' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this generation?' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.textContent()).toMatch(
      /There is no estimate yet for this model \(image_model_id_i6\)/,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    expect((await tasks()).length).toBe(before);

    await panel.getByRole('button', { name: 'Run recipe' }).click();
    await dialog.waitFor({ timeout: 15_000 });
    // 0.05 USD is under the 1 USD threshold: nothing left to ask, the step goes.
    await answerWithPrice(page, dialog, '0.05', () => studio.shot('recipe-price-to-assume'));
    await expect
      .poll(async () => (await tasks()).slice(0, (await tasks()).length - before).map((t) => t.family), {
        timeout: 30_000,
      })
      .toEqual(['image.i6']);
    await goTo(page, 'Settings');
    const limits = page.getByRole('form', { name: 'Spending limits' });
    expect(await limits.getByLabel('Price to assume for a model with no estimate yet').inputValue()).toBe(
      '0.05',
    );
  });

  it('trying a failed step again meets the same question first: Cancel sends nothing, Send sends the step once', async () => {
    // A threshold under the price of one I3 picture: the run is asked about, and so is each try of its step.
    await saveLimits(page, { 'Ask before sending above': '0.01' });
    await chooseFamily(page, 'image.i3');
    const panel = page.getByRole('region', { name: 'Recipes' });
    await importRecipe('Asked again', [image]);
    await panel.getByLabel(/^Prompts/).fill('a kite that fails [fail]');
    await expect
      .poll(() => panel.getByTestId('recipe-total').textContent(), { timeout: 15_000 })
      .toMatch(/^1 step ≈ /);
    const question = page.getByRole('alertdialog', { name: 'Send this generation?' });
    await panel.getByRole('button', { name: 'Run recipe' }).click();
    await question.getByRole('button', { name: 'Send it' }).click();
    await question.waitFor({ state: 'detached', timeout: 15_000 });
    const run = panel.getByTestId('recipe-run').first();
    await run.getByText(/^Stopped at step 1 \(Image I3\): /).waitFor({ timeout: 90_000 });
    // Counted at the gateway itself: what reached it, not only what the app wrote down.
    const received = async () => (await demoReceived(studio.dataDir)).length;
    const sentBefore = await received();

    const retry = run.getByRole('button', { name: 'Try step 1 again' });
    await retry.click();
    await question.waitFor({ timeout: 15_000 });
    expect(await question.textContent()).toMatch(/above your confirmation threshold of 0\.01/);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached', timeout: 15_000 });
    // Declined: the run stays stopped at its step and the gateway was sent nothing.
    expect(await retry.isVisible()).toBe(true);
    expect(await received()).toBe(sentBefore);

    await retry.click();
    await question.getByRole('button', { name: 'Send it' }).click();
    await question.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(received, { timeout: 30_000 }).toBe(sentBefore + 1);
    // The step (failing again on purpose) was sent once: no second submission for one answer.
    await run.getByText(/^Stopped at step 1 \(Image I3\): /).waitFor({ timeout: 90_000 });
    expect(await received()).toBe(sentBefore + 1);
  });
});
