// Settings → Spending limits, as a person saves them, and the question a press meets under them: for the
// browser tests that meet a threshold or a budget.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { goTo } from './demo-studio';

/**
 * Types each field (by its label; '' empties it), picks the zone budgets' days are counted in if given, and saves
 * the limits; waits for the save.
 */
export async function saveLimits(page: Page, fields: Record<string, string>, zone?: string): Promise<void> {
  await goTo(page, 'Settings');
  const form = page.getByRole('form', { name: 'Spending limits' });
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
  if (zone) await form.getByLabel('Time zone for days and months').selectOption(zone);
  await form.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Limits saved.').first().waitFor({ timeout: 15_000 });
}

/**
 * Answers the spend question (Generate's, a recipe's) with a price to assume, from the keyboard: the field has
 * the focus when a model has no estimate, the price is typed and Enter sends. `typed` runs before Enter (a
 * screenshot); waits for the question to close.
 */
export async function answerWithPrice(
  page: Page,
  question: Locator,
  usd: string,
  typed: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  const price = question.getByLabel('Price to assume for a model with no estimate yet');
  await expect.poll(() => price.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(usd);
  await typed();
  await page.keyboard.press('Enter');
  await question.waitFor({ state: 'detached', timeout: 15_000 });
}
