/// <reference lib="dom" />
// A model the app cannot price yet, met by a person in a browser on the demo gateway: under a confirmation
// threshold the press is asked about ("There is no estimate yet for this model"), and cancelling sends
// nothing; pressing Generate again, the person types the price to assume right in that question (from the
// keyboard: the field has the focus, Enter answers), the task goes (the assumed price is under the threshold),
// is counted at that price until its cost is known, and the price is kept in Settings like one typed there.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { answerWithPrice, saveLimits } from './spending-limits';
import { clearStartingPrice } from './starting-price';

const { studio } = useDemoStudio(0.02);

const taskCount = async (): Promise<number> => studio.page.getByTestId('task-row').count();

/** I6: the demo account has never billed it and its starting price is cleared, so nothing gives it a price. */
async function fillI6(prompt: string): Promise<void> {
  const { page } = studio;
  await chooseFamily(page, 'image.i6');
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  await expect
    .poll(() => page.getByTestId('estimate').textContent(), { timeout: 15_000 })
    .toContain('no estimate yet');
}

describe('a model with no estimate yet', () => {
  it('is asked about, then goes at the price to assume the person types into the question', async () => {
    const { page } = studio;
    await clearStartingPrice(page, 'Image I6');
    await saveLimits(page, { 'Ask before sending above': '1' });

    await fillI6('A paper boat on a puddle');
    await page.getByRole('button', { name: 'Generate' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this generation?' });
    await dialog.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => dialog.textContent())
      .toMatch(/There is no estimate yet for this model \(image_model_id_i6[^)]*\)/);
    await studio.shot('unknown-price-01-asked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await goTo(page, 'Tasks');
    await expect.poll(taskCount).toBe(0);

    // The person decides, where the question is asked, what such a model may be taken to cost.
    await fillI6('A paper boat on a puddle');
    await page.getByRole('button', { name: 'Generate' }).click();
    const again = page.getByRole('alertdialog', { name: 'Send this generation?' });
    await again.waitFor({ timeout: 15_000 });
    // 0.05 USD is under the 1 USD threshold: nothing left to ask, the task goes.
    await answerWithPrice(page, again, '0.05', () => studio.shot('unknown-price-02-price-in-question'));
    await goTo(page, 'Tasks');
    await expect.poll(taskCount, { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // Until its cost is known it counts at the price to assume; afterwards at what the gateway charged.
    await page.getByRole('button', { name: 'Spending' }).click();
    const panel = page.getByRole('region', { name: 'Spending' });
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toMatch(/Today0\.0\d+ USD/);
    await expect.poll(() => panel.textContent()).not.toMatch(/with no estimate yet/);
    await studio.shot('unknown-price-03-sent');
    await page.keyboard.press('Escape');
    await page.getByText('Completed').first().waitFor({ timeout: 30_000 });

    // Kept where Settings keeps it: the same field there shows it.
    await goTo(page, 'Settings');
    const limits = page.getByRole('form', { name: 'Spending limits' });
    await expect
      .poll(() => limits.getByLabel('Price to assume for a model with no estimate yet').inputValue())
      .toBe('0.05');
  });
});
