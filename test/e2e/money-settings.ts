// Money in the studio, read and set as a person does: the estimate that describes the Generate button (what a
// screen reader hears on it) and the unit every amount is shown in (Settings › Show balance in). The spending
// limits are set with spending-limits.ts.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { goTo } from './demo-studio';

/** The text the Generate button is described by (its aria-describedby), as a screen reader would read it. */
export async function generateDescription(page: Page): Promise<string> {
  const id = await page.getByRole('button', { name: 'Generate' }).getAttribute('aria-describedby');
  if (!id) return '';
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

/**
 * Chooses the unit amounts are shown in, on Settings, and waits until the radio shows it checked: the radio
 * shows the saved setting, so a person leaving Settings then sees every page in that unit.
 */
export async function showAmountsIn(page: Page, unit: 'Credits' | 'US dollars'): Promise<void> {
  await goTo(page, 'Settings');
  await page.getByRole('radiogroup', { name: 'Show balance in' }).getByText(unit, { exact: true }).click();
  await expect.poll(() => page.getByRole('radio', { name: unit, exact: true }).isChecked()).toBe(true);
}
