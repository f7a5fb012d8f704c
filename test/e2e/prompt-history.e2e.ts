/// <reference lib="dom" />
// The prompt history from the keyboard, on the demo gateway: two prompts sent (one fails), then ↑ in the empty
// prompt opens the history, typing filters it, ↓ and Enter insert a prompt; each entry shows its thumbnail and
// cost, a failed one says so; pin moves an entry to the top, forget takes it out. Speech text is kept too, in
// Speech's history only.
import { describe, expect, it } from 'vitest';
import { shotAndScanEachScheme } from './axe-scan';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

async function sentTasks(): Promise<number> {
  return (await callStudio<{ total: number }>(page, 'tasks.list')).total;
}

async function settledTasks(): Promise<number> {
  const { tasks } = await callStudio<{
    tasks: { state: string; downloads: { total: number; done: number } }[];
  }>(page, 'tasks.list');
  return tasks.filter(
    (t) => t.state === 'failed' || (t.state === 'completed' && t.downloads.done === t.downloads.total),
  ).length;
}

describe('Prompt history', () => {
  it('↑ in the empty prompt opens it; typing filters, ↓ and Enter insert; pin and forget', async () => {
    await chooseFamily(page, 'image.i3');
    const form = page.getByTestId('form-image.i3');
    const prompt = form.getByLabel('Prompt', { exact: true });
    const sent = ['A heron at dawn', 'A fox in the snow', 'A fox that fails [fail]'];
    for (const [i, text] of sent.entries()) {
      await prompt.fill(text);
      await page.getByRole('button', { name: 'Generate' }).click();
      await expect.poll(sentTasks).toBe(i + 1);
    }
    await expect.poll(settledTasks, { timeout: 60_000 }).toBe(3);

    await prompt.fill('');
    await prompt.press('ArrowUp');
    const panel = page.getByRole('dialog', { name: 'Prompt history' });
    const search = panel.getByRole('combobox', { name: 'Search your prompts' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    const options = panel.getByRole('option');
    await expect.poll(() => options.count()).toBe(3);
    // Newest first: the failed one says so, the others show what they made and what it cost.
    expect(await options.nth(0).textContent()).toContain('Failed');
    await expect.poll(() => options.nth(1).locator('img').count()).toBe(1);
    expect(await options.nth(1).textContent()).toMatch(/\d+\.\d+ USD/);
    // The panel as a creator first sees it, in both schemes, with nothing serious for axe.
    await shotAndScanEachScheme(page, studio.shot, 'history-list');

    await page.keyboard.type('fox');
    await expect.poll(() => options.count()).toBe(2);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await prompt.inputValue()).toBe('A fox in the snow');
    await expect.poll(() => prompt.evaluate((el) => el === document.activeElement)).toBe(true);

    // Pin the heron (the oldest): it goes to the top. Then forget it.
    await prompt.fill('');
    await prompt.press('ArrowUp');
    await page.keyboard.type('heron');
    await expect.poll(() => options.count()).toBe(1);
    await panel.getByRole('button', { name: 'Pin' }).click();
    await search.fill('');
    await expect.poll(() => options.nth(0).textContent()).toMatch(/^A heron at dawnPinned/);
    await studio.shot('history-pinned');
    await panel.getByRole('button', { name: 'Forget this prompt' }).click();
    await expect.poll(() => options.count()).toBe(2);
    expect(await panel.textContent()).not.toContain('heron');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('keeps speech text, and Forget all empties the history', async () => {
    await goTo(page, 'Speech');
    const text = page.getByLabel('Text', { exact: true });
    await text.fill('Welcome aboard the night train');
    await page.getByRole('button', { name: /^Speak/ }).click();
    await page.getByText('Welcome aboard the night train').last().waitFor();
    // A spoken sentence is no image prompt: Create's history lists the prompts alone, Speech's the spoken texts.
    await chooseFamily(page, 'image.i3');
    const prompt = page.getByTestId('form-image.i3').getByLabel('Prompt', { exact: true });
    await prompt.fill('');
    await prompt.press('ArrowUp');
    const createPanel = page.getByRole('dialog', { name: 'Prompt history' });
    await expect.poll(() => createPanel.getByRole('option').count()).toBe(2);
    expect(await createPanel.textContent()).not.toContain('Welcome aboard');
    await shotAndScanEachScheme(page, studio.shot, 'history-create-without-speech');
    await page.keyboard.press('Escape');
    await goTo(page, 'Speech');
    await text.fill('');
    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('dialog', { name: 'Prompt history' });
    await expect
      .poll(() => panel.getByRole('option').first().textContent())
      .toMatch(/^Welcome aboard the night train/);
    await page.keyboard.press('Enter');
    expect(await text.inputValue()).toBe('Welcome aboard the night train');

    await page.getByRole('button', { name: 'History' }).click();
    await panel.getByRole('button', { name: 'Forget all' }).click();
    await page
      .getByRole('alertdialog', { name: 'Forget every prompt?' })
      .getByRole('button', { name: 'Forget all' })
      .click();
    await panel.getByText('No prompts sent yet.').waitFor();
  });
});
