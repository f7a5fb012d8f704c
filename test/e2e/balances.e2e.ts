/// <reference lib="dom" />
// [EP-TBAL-1] [EP-UBAL-1] The header shows the key's balance beside the account's, and both are read again after
// every paid action: here a speech clip ([EP-SPEECH-1], billed at once) and an image submission.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';

const { studio } = useDemoStudio();

const amount = async (testId: string): Promise<number> =>
  Number(((await studio.page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.]/g, ''));

describe('balances in the header', () => {
  it('shows both, each with its label, in USD with two decimals', async () => {
    const { page } = studio;
    await expect.poll(() => page.getByTestId('balance-value').textContent()).toMatch(/^\d+\.\d\d USD$/);
    await expect
      .poll(() => page.getByTestId('account-balance-value').textContent())
      .toMatch(/^\d+\.\d\d USD$/);
    await page.getByText('Key balance').waitFor();
    await page.getByText('Account balance').waitFor();
  });

  it('[SVC-5] both refresh after speech, without waiting for the minute refresh', async () => {
    const { page } = studio;
    const key = await amount('balance-value');
    const account = await amount('account-balance-value');
    await goTo(page, 'Speech');
    // Long enough that the charge shows at two decimals.
    await page.getByLabel('Text').fill('The quick brown fox jumps over the lazy dog. '.repeat(60));
    await page.getByRole('button', { name: 'Speak' }).click();
    await page.getByTestId('speech-audio').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => amount('balance-value'), { timeout: 10_000 }).toBeLessThan(key);
    await expect.poll(() => amount('account-balance-value'), { timeout: 10_000 }).toBeLessThan(account);
    await studio.shot('balances-after-speech');
  });

  it('[ACK-2] both refresh after an image is submitted (charged at submission)', async () => {
    const { page } = studio;
    const key = await amount('balance-value');
    await chooseFamily(page, 'image.i2');
    await page.getByLabel('Prompt', { exact: true }).fill('A harbour at dawn');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => amount('balance-value'), { timeout: 10_000 }).toBeLessThan(key);
  });
});
