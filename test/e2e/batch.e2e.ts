/// <reference lib="dom" />
// Batch on Create, as a creator does it on the demo gateway: three prompts, one per line, two
// takes of each; the button's line says "6 tasks" and their estimated total before anything is sent; one
// progress bar follows the batch to 6 of 6; the library shows the six grouped, each tile saying "batch of 6".
import { describe, expect, it } from 'vitest';
import { chooseFamily, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

const PROMPTS = ['A fox in the snow', 'A heron at dawn', 'An owl at midnight'];

interface ListedTask {
  id: string;
  params: { prompt?: string };
  batch?: { id: string; size: number };
}

async function tasks(): Promise<ListedTask[]> {
  return (await callStudio<{ tasks: ListedTask[] }>(page, 'tasks.list')).tasks;
}

describe('Batch on Create', () => {
  it('three prompts × 2: the total before sending, one progress bar to 6 of 6, grouped in the library', async () => {
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    const prompt = form.getByLabel('Prompt', { exact: true });
    await prompt.fill(PROMPTS.join('\n'));
    const batchSwitch = form.getByRole('switch', { name: 'Several prompts: one task per line' });
    await form.getByText('Several prompts: one task per line').click();
    await expect.poll(() => batchSwitch.isChecked()).toBe(true);
    const takes = form.getByLabel('Takes of each');
    await takes.fill('2');
    const estimate = form.getByTestId('estimate');
    await expect.poll(() => estimate.textContent(), { timeout: 15_000 }).toMatch(/^6 tasks ≈ \d+\.\d+ USD/);
    await studio.shot('batch-estimate');

    await page.getByRole('button', { name: 'Generate' }).click();
    const progress = page.getByTestId('batch-progress');
    await progress.waitFor();
    await expect.poll(() => progress.textContent(), { timeout: 90_000 }).toMatch(/Batch: 6 of 6 done/);
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // One status speaks, once, when the batch is over; the progress line itself is not read out task by task.
    expect(await progress.getByRole('status').textContent()).toBe('Batch finished.');
    expect(await progress.getAttribute('aria-live')).toBeNull();
    await studio.shot('batch-progress');

    // Six tasks, one batch, each prompt twice.
    const sent = (await tasks()).filter((t) => t.batch);
    expect(sent).toHaveLength(6);
    expect(new Set(sent.map((t) => t.batch?.id)).size).toBe(1);
    expect(sent.every((t) => t.batch?.size === 6)).toBe(true);
    expect(sent.map((t) => t.params.prompt).sort()).toEqual([...PROMPTS, ...PROMPTS].sort());

    // A task made outside the batch, so the library's batch filter has something to leave out.
    await form.getByText('Several prompts: one task per line').click();
    await expect.poll(() => batchSwitch.isChecked()).toBe(false);
    await prompt.fill('A lone lighthouse');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(async () => (await tasks()).some((t) => t.params.prompt === 'A lone lighthouse'))
      .toBe(true);

    await page.getByRole('button', { name: 'Show this batch in the library' }).click();
    await page.getByText('Showing one batch of 6').waitFor();
    const tiles = page.getByTestId('library-item');
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(6);
    await expect.poll(() => page.getByTestId('batch-badge').count()).toBe(6);
    expect(await page.getByTestId('batch-badge').first().textContent()).toBe('batch of 6');
    await studio.shot('batch-library');

    // The batch shown is part of the address: a reload keeps it, and the viewer says which batch an item is of.
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#\/library\?batch=/);
    await page.reload();
    await page.getByText('Showing one batch of 6').waitFor({ timeout: 30_000 });
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(6);
    await tiles.first().click();
    const viewer = page.getByTestId('item-dialog');
    await viewer.waitFor();
    expect(await viewer.getByTestId('batch-badge').textContent()).toBe('batch of 6');
    await studio.shot('batch-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // Back to the whole library: the lone picture is there too, without a badge.
    await page.getByRole('button', { name: 'Show the whole library' }).click();
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(7);
    expect(await page.getByTestId('batch-badge').count()).toBe(6);
  });
});
