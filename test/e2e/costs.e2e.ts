/// <reference lib="dom" />
// In a browser on the demo gateway: every task row, Create's preview, every
// library tile and the viewer say what the generation cost ([TASK-8], [TASK-9]); a speech clip's cost comes
// from the usage report ([EP-USAGE-1]) and is "cost unknown" until then, never 0; the library's view and the
// Tasks page say how many there are and what they cost together, following the library's filter; all of it in
// credits when the user prefers them.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { showAmountsIn } from './money-settings';

const { studio } = useDemoStudio(0.02);

const text = (testId: string, nth = 0) => studio.page.getByTestId(testId).nth(nth).textContent();

describe('cost on every task and item, and totals', () => {
  it('[TASK-8] a task row, the preview, the tile and the viewer say what it cost; the totals add it up', async () => {
    const { page } = studio;
    await chooseFamily(page, 'image.i3');
    await page.getByLabel('Prompt', { exact: true }).fill('A paper boat on a puddle');
    await page.getByRole('button', { name: 'Generate' }).click();
    const preview = page.getByTestId('task-preview');
    // Before the gateway charges it the cost is not known, and says so.
    await expect
      .poll(() => preview.getByTestId('task-cost').textContent())
      .toMatch(/^(cost unknown|0\.0200 USD)$/);
    // The simulator charges 0.02 USD for a 1K I3 image ([EP-IMAGE-3]); one rule for decimals: 0.0200.
    await expect
      .poll(() => preview.getByTestId('task-cost').textContent(), { timeout: 30_000 })
      .toBe('0.0200 USD');

    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').filter({ hasText: 'A paper boat on a puddle' });
    await expect.poll(() => row.getByTestId('task-cost').textContent()).toBe('0.0200 USD');
    await expect.poll(() => text('tasks-total')).toBe('1 task · 0.0200 USD');

    await goTo(page, 'Library');
    await page.getByTestId('library-item').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => text('tile-cost')).toBe('0.0200 USD');
    await expect.poll(() => text('library-total')).toBe('1 item · 0.0200 USD');
    await page.getByTestId('library-item').first().click();
    const details = page.getByTestId('viewer-details');
    await expect.poll(() => details.getByTestId('item-cost').textContent()).toBe('0.0200 USD');
    // The gateway's link of a downloaded result is kept with it ([TASK-10] expires_at).
    await expect
      .poll(() => details.getByTestId('item-link-expiry').textContent())
      .toMatch(/^The gateway’s link is valid until \w{3} \d+, \d{4}/);
    await studio.shot('costs-viewer');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('viewer-details').count()).toBe(0);
  });

  it('[EP-USAGE-1] speech: its cost from the usage report, on its tile and in the totals; the total follows the filter', async () => {
    const { page } = studio;
    await goTo(page, 'Speech');
    // 40 characters: 0.0006 USD, no rounding in question.
    const words = 'The tide comes in twice a day, every day';
    await page.getByLabel('Text').fill(words);
    await page.getByRole('button', { name: 'Speak' }).click();
    // The simulator bills 0.000015 USD per character; the usage report tells the app shortly after the take.
    const speechUsd = '0.0006 USD';
    await expect.poll(() => text('speech-cost'), { timeout: 30_000 }).toBe(speechUsd);

    await goTo(page, 'Library');
    await expect.poll(() => text('library-total'), { timeout: 15_000 }).toBe('2 items · 0.0206 USD');
    // The speech tile says its own cost.
    const speechTile = page.getByTestId('library-item').and(page.locator('[data-kind="speech"]'));
    await expect.poll(() => speechTile.getByTestId('tile-cost').textContent()).toBe(speechUsd);
    // The total is of the view: speech alone, then a search that finds nothing.
    await page.getByRole('radiogroup', { name: 'Kind' }).getByText('Speech', { exact: true }).click();
    await expect.poll(() => text('library-total')).toBe(`1 item · ${speechUsd}`);
    await page.getByRole('radiogroup', { name: 'Kind' }).getByText('All', { exact: true }).click();
    await page.getByRole('searchbox').fill('paper boat');
    await expect.poll(() => text('library-total')).toBe('1 item · 0.0200 USD');
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => text('library-total')).toBe('2 items · 0.0206 USD');
    await studio.shot('costs-library-total');
  });

  it('[TASK-9] says it all in credits when the user prefers them', async () => {
    const { page } = studio;
    await showAmountsIn(page, 'Credits');
    await goTo(page, 'Tasks');
    // 10 credits per USD on the demo gateway ([TASK-9]); below one, four decimals like every amount.
    await expect.poll(() => text('tasks-total')).toBe('1 task · 0.2000 credits');
    await expect.poll(() => text('task-cost')).toBe('0.2000 credits');
    await studio.shot('costs-tasks-credits');
    await goTo(page, 'Library');
    await expect.poll(() => text('library-total')).toBe('2 items · 0.2060 credits');
    expect(studio.pageErrors).toEqual([]);
  });
});
