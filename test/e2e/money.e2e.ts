/// <reference lib="dom" />
// Money before it is spent, in a browser on the demo gateway: the Generate button says there is no estimate for
// a model with no history and no starting price (its row cleared in Settings), the usage history's average for
// one billed before, and after a run what the next will cost, on how many runs that stands and how long it takes ([TASK-6], [TASK-8]); in credits when the user
// prefers them ([TASK-9]).
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { clearStartingPrice } from './starting-price';
import { generateDescription, showAmountsIn } from './money-settings';

const { studio } = useDemoStudio(0.02);

describe('estimate on the Generate button', () => {
  it('[TASK-8] first run: no estimate yet; after it, the price, the runs it stands on and the time', async () => {
    const { page } = studio;
    // The demo account has never billed an I6 image and its starting price is cleared: nothing to go on. I3's
    // too, so the usage history's average shows (a row comes before it: starting-prices.e2e.ts).
    await clearStartingPrice(page, 'Image I6');
    await clearStartingPrice(page, 'Image I3');
    await chooseFamily(page, 'image.i6');
    await page.getByLabel('Prompt', { exact: true }).fill('A red kite over a windy beach');
    await expect.poll(() => generateDescription(page)).toBe('first run of this model: no estimate yet');
    await studio.shot('money-01-first-run');

    // I3 has billed calls in the demo's usage history: their average stands in ([UREP-STAT-1], [UREP-STAT-3]).
    await chooseFamily(page, 'image.i3');
    await page.getByLabel('Prompt', { exact: true }).fill('A red kite over a windy beach');
    await expect
      .poll(() => generateDescription(page))
      .toMatch(/^≈ 0\.0\d+ USD · average of \d+ billed requests$/);

    await page.getByRole('button', { name: 'Generate' }).click();
    await goTo(page, 'Tasks');
    await page.getByText('Completed').first().waitFor({ timeout: 30_000 });
    await goTo(page, 'Create');
    await page.getByLabel('Prompt', { exact: true }).fill('A blue kite, same beach');
    // The simulator charged 0.02 USD for a 1K I3 image ([EP-IMAGE-3]).
    await expect
      .poll(() => generateDescription(page), { timeout: 15_000 })
      .toMatch(/^≈ 0\.02(00)? USD · from 1 run · about \d+ s$/);
    await page.getByRole('button', { name: 'Generate' }).scrollIntoViewIfNeeded();
    await studio.shot('money-02-estimate');
  });

  it('[TASK-9] shows credits when the user prefers them', async () => {
    const { page } = studio;
    await showAmountsIn(page, 'Credits');
    await goTo(page, 'Create');
    await expect
      .poll(() => generateDescription(page), { timeout: 15_000 })
      .toMatch(/^≈ 0\.20(00)? credits · from 1 run/);
  });
});
