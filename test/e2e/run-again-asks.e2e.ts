/// <reference lib="dom" />
// Run again spends as Generate does, so it is asked about as Generate is: above the confirmation threshold the
// task row's Run again and the library's both ask first (Esc sends nothing, Enter sends), through the same
// askThenSend and the same question. Before, both sent at once and met the main process's refusal as an error.
import { describe, expect, it } from 'vitest';
import { generateIntoLibrary, goTo, useDemoStudio } from './demo-studio';
import { saveLimits } from './spending-limits';

const { studio, page } = useDemoStudio(0.02);

const PROMPT = 'A lighthouse on a cliff, asked again';
const rows = () => page.getByTestId('task-row');
const question = () => page.getByRole('alertdialog', { name: 'Send this generation?' });

async function asksAboveTheThreshold(): Promise<void> {
  const dialog = question();
  await dialog.waitFor({ timeout: 15_000 });
  await expect
    .poll(() => dialog.textContent())
    .toMatch(/about 0\.0\d+ USD, above your confirmation threshold of 0\.0010 USD/);
}

describe('Run again asks above the threshold', () => {
  it('from the task row: Esc sends nothing, Enter sends one task', async () => {
    await generateIntoLibrary(page, PROMPT);
    await saveLimits(page, { 'Ask before sending above': '0.001', 'Daily budget': '' });
    await goTo(page, 'Tasks');
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    const row = rows().first();
    await row.getByText('Completed').waitFor({ timeout: 60_000 });

    await row.getByRole('button', { name: 'Run again' }).click();
    await asksAboveTheThreshold();
    await studio.shot('run-again-01-task-row-asks');
    await page.keyboard.press('Escape');
    await question().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await rows().count()).toBe(1);

    await row.getByRole('button', { name: 'Run again' }).click();
    await asksAboveTheThreshold();
    await page.keyboard.press('Enter');
    await question().waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(2);
  });

  it("from the library's details: asks first, Enter sends", async () => {
    await goTo(page, 'Library');
    await page.getByRole('button', { name: PROMPT }).first().click({ timeout: 30_000 });
    const details = page.getByTestId('item-dialog');
    await details.waitFor();
    await details.getByRole('button', { name: 'Run again', exact: true }).click();
    await asksAboveTheThreshold();
    await studio.shot('run-again-02-library-asks');
    await page.keyboard.press('Enter');
    await question().waitFor({ state: 'detached', timeout: 15_000 });
    await page
      .getByText(/with the same settings/)
      .first()
      .waitFor({ timeout: 15_000 });
    await goTo(page, 'Tasks');
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(3);
  });
});
