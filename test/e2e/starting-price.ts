// Settings → Starting prices, as a person changes a row: for the tests of estimates, and for those that need a
// model with no estimate (a row cleared, the way a creator does it).
import type { Page } from 'playwright-core';
import { goTo } from './demo-studio';

/** Types a starting price (empty: none) for a row, e.g. 'Image I6', and saves the section. */
export async function setStartingPrice(page: Page, row: string, usd: string): Promise<void> {
  await goTo(page, 'Settings');
  const form = page.getByRole('form', { name: 'Starting prices' });
  await form.getByLabel(`Starting price of ${row}`, { exact: true }).fill(usd);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
}

/** Clears a row, so the model has no estimate until it has run here; waits for the save. */
export async function clearStartingPrice(page: Page, row: string): Promise<void> {
  await setStartingPrice(page, row, '');
  await page.getByText('Settings saved.').first().waitFor({ timeout: 15_000 });
}
