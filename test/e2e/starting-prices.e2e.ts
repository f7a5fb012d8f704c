/// <reference lib="dom" />
// Estimates on first use: a fresh demo studio has charged nothing, yet a family of the starting price table shows
// an estimate beside Generate, scaled by n and resolution, and says it is a starting price; the creator changes
// the price in Settings (bad input refused with a sentence) and the estimate follows; a row cleared in Settings
// has no estimate. Before the table, every family here said "first run of this model: no estimate yet".
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';
import { setStartingPrice } from './starting-price';
import { generateDescription } from './money-settings';

const { studio } = useDemoStudio(0.02);

const STARTING = 'starting price, not yet charged here';

describe('starting prices', () => {
  it('a fresh studio estimates from the table, by n and resolution, and follows an edited price', async () => {
    const { page } = studio;
    await chooseFamily(page, 'image.i6');
    const i6 = page.getByTestId('form-image.i6');
    await i6.getByLabel('Prompt', { exact: true }).fill('A paper boat on a puddle');
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(new RegExp(`^≈ 0\\.03(00)? USD · ${STARTING}`));
    await i6.getByLabel('Number of images').fill('2');
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(/^≈ 0\.06(00)? USD · starting price/);
    await page.getByRole('button', { name: 'Generate' }).scrollIntoViewIfNeeded();
    await studio.shot('starting-prices-01-i6');

    await chooseFamily(page, 'image.i2');
    const i2 = page.getByTestId('form-image.i2');
    await i2.getByLabel('Prompt', { exact: true }).fill('Three paper boats');
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(/^≈ 0\.04(00)? USD · starting price/);
    await i2.getByRole('radiogroup', { name: 'Resolution' }).getByText('2K', { exact: true }).click();
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(/^≈ 0\.06(00)? USD · starting price/);

    // K once estimated 0.88 USD (the usage history's average) for a 5 s standard video charged 0.35.
    await chooseFamily(page, 'video.k');
    await page.getByTestId('form-video.k').getByLabel('Prompt', { exact: true }).fill('Surf at dawn');
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(/^≈ 0\.35(00)? USD · starting price/);

    await setStartingPrice(page, 'Image I6', 'cheap');
    await page
      .getByText('A price is a number of USD above 0 and at most 1000, such as 0.04.')
      .waitFor({ timeout: 15_000 });
    const refused = page.getByLabel('Starting price of Image I6', { exact: true });
    await expect.poll(() => refused.evaluate((el) => el === document.activeElement)).toBe(true);
    await studio.shot('starting-prices-02-refused');
    await setStartingPrice(page, 'Image I6', '0.05');
    await page.getByText('Settings saved.').first().waitFor({ timeout: 15_000 });
    await studio.shot('starting-prices-03-settings');

    await chooseFamily(page, 'image.i6');
    await i6.getByLabel('Prompt', { exact: true }).fill('A paper boat on a puddle');
    await i6.getByLabel('Number of images').fill('1');
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(/^≈ 0\.05(00)? USD · starting price/);

    await setStartingPrice(page, 'Image I6', '');
    await page.getByText('Settings saved.').first().waitFor({ timeout: 15_000 });
    await goTo(page, 'Create');
    await chooseFamily(page, 'image.i6');
    await i6.getByLabel('Prompt', { exact: true }).fill('A paper boat on a puddle');
    await expect
      .poll(() => generateDescription(page), { timeout: 20_000 })
      .toMatch(/^first run of this model: no estimate yet/);
  });
});
