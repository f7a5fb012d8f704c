/// <reference lib="dom" />
// Spending limits in a browser on the demo gateway: above the confirmation threshold the app asks first (Esc
// cancels and nothing is sent, Enter sends), past a budget it refuses with what was spent and when the budget
// resets, and the header's popover shows spending today and this month from the tasks' costs ([TASK-8]).
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { saveLimits } from './spending-limits';

const { studio } = useDemoStudio(0.02);

const taskCount = async (): Promise<number> => studio.page.getByTestId('task-row').count();

/** The threshold and the daily budget, both set each time (one not given is cleared). */
const setLimits = (values: { confirmAbove?: string; daily?: string; zone?: string }): Promise<void> =>
  saveLimits(
    studio.page,
    { 'Ask before sending above': values.confirmAbove ?? '', 'Daily budget': values.daily ?? '' },
    values.zone,
  );

async function fillI3(prompt: string): Promise<void> {
  const { page } = studio;
  await chooseFamily(page, 'image.i3');
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  // The starting price table gives I3 an estimate before it has run here.
  await expect.poll(() => page.getByTestId('estimate').textContent(), { timeout: 15_000 }).toMatch(/USD/);
}

describe('spending limits', () => {
  it('asks above the threshold: Esc cancels and sends nothing, Enter sends', async () => {
    const { page } = studio;
    await setLimits({ confirmAbove: '0.001' });
    // A new studio: no task yet.
    const before = 0;

    await fillI3('A lighthouse at dusk');
    await page.getByRole('button', { name: 'Generate' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this generation?' });
    await dialog.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => dialog.textContent())
      .toMatch(/about 0\.0\d+ USD, above your confirmation threshold of 0\.0010 USD/);
    await studio.shot('money-guard-01-confirm');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await goTo(page, 'Tasks');
    await expect.poll(taskCount).toBe(before);

    await fillI3('A lighthouse at dawn');
    await page.getByRole('button', { name: 'Generate' }).click();
    await dialog.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await goTo(page, 'Tasks');
    await expect.poll(taskCount, { timeout: 15_000 }).toBe(before + 1);
    await page.getByText('Completed').first().waitFor({ timeout: 30_000 });
  });

  it('shows spending today and this month in the balance popover', async () => {
    const { page } = studio;
    await page.getByRole('button', { name: 'Spending' }).click();
    const panel = page.getByRole('region', { name: 'Spending' });
    await expect.poll(() => panel.textContent(), { timeout: 15_000 }).toMatch(/Today0\.0\d+ USD/);
    await expect.poll(() => panel.textContent()).toMatch(/This month0\.0\d+ USD/);
    await studio.shot('money-guard-02-popover');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('refuses past the daily budget, saying what was spent and when it resets in the chosen zone', async () => {
    const { page } = studio;
    await setLimits({ daily: '0.001', zone: 'Pacific/Auckland' });
    await goTo(page, 'Tasks');
    // The one task the first test sent.
    const before = 1;
    await expect.poll(taskCount, { timeout: 15_000 }).toBe(before);
    await fillI3('A lighthouse at night');
    await page.getByRole('button', { name: 'Generate' }).click();
    const alert = page.getByTestId('submit-error');
    await expect
      .poll(() => alert.textContent(), { timeout: 15_000 })
      .toMatch(
        /^Not sent: your daily budget is 0\.0010 USD and 0\.0\d+ USD has been spent today; this would add about 0\.0\d+ USD\. The budget resets .+00:00 \(Pacific\/Auckland\)\.$/,
      );
    await studio.shot('money-guard-03-refused');
    await goTo(page, 'Tasks');
    await expect.poll(taskCount).toBe(before);
  });

  it('keeps a price to assume for a model with no estimate yet, set in Settings by its label', async () => {
    const { page } = studio;
    await goTo(page, 'Settings');
    const form = page.getByRole('form', { name: 'Spending limits' });
    const field = form.getByLabel('Price to assume for a model with no estimate yet');
    await expect
      .poll(() => form.textContent())
      .toContain('Counted for each such task until its cost is known.');
    await field.fill('0.5');
    await form.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Limits saved.').first().waitFor({ timeout: 15_000 });
    await studio.shot('money-guard-04-price-to-assume');
    await goTo(page, 'Tasks');
    await goTo(page, 'Settings');
    await expect
      .poll(() =>
        page
          .getByRole('form', { name: 'Spending limits' })
          .getByLabel('Price to assume for a model with no estimate yet')
          .inputValue(),
      )
      .toBe('0.5');
  });
});
