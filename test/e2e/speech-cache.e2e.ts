/// <reference lib="dom" />
// Never paying twice for the same speech ([EP-SPEECH-1]): speak a text, speak it again, and the
// second plays from the library, says so, and leaves the balance where it was; "Make a new take" pays again.
// Each clip shows its cost, read from the usage report ([EP-USAGE-1]) since the speech answer carries none.
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';

const { studio } = useDemoStudio();

const balance = async (): Promise<number> =>
  Number(((await studio.page.getByTestId('balance-value').textContent()) ?? '').replace(/[^\d.]/g, ''));

// Long enough that one take's charge shows at the balance's two decimals.
const TEXT = 'Every word of this is paid for once. '.repeat(70).trim();

describe('the speech cache', () => {
  it('speaks, then serves the same speech from the library without charging; a new take charges', async () => {
    const { page } = studio;
    await expect.poll(balance, { timeout: 15_000 }).toBeGreaterThan(0);
    const start = await balance();
    await goTo(page, 'Speech');
    await page.getByLabel('Text').fill(TEXT);
    await page.getByRole('button', { name: 'Speak' }).click();
    const latest = page
      .getByRole('listitem')
      .filter({ has: page.getByTestId('speech-audio') })
      .first();
    await latest.waitFor({ timeout: 30_000 });
    await expect.poll(balance, { timeout: 15_000 }).toBeLessThan(start);
    // Its cost arrives from the usage report shortly after the take.
    await expect
      .poll(() => page.getByTestId('speech-cost').first().textContent(), { timeout: 20_000 })
      .toMatch(/^0\.\d{4} USD$/);
    expect(await page.getByTestId('speech-from-library').count()).toBe(0);
    const afterFirst = await balance();

    // The same text again: from the library, not charged.
    await page.getByRole('button', { name: 'Speak' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'From your library, not charged.' })
      .waitFor({ timeout: 15_000 });
    await studio.shot('speech-from-library');
    // The gateway's own balance, read afresh: nothing was spent.
    await page.reload();
    await expect.poll(balance, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await balance()).toBe(afterFirst);

    // A new take on purpose: charged again, and no "from your library".
    await goTo(page, 'Speech');
    await page.getByLabel('Text').fill(TEXT);
    await page.getByRole('switch', { name: /Make a new take/ }).check();
    await page.getByRole('button', { name: 'Speak' }).click();
    await expect.poll(balance, { timeout: 15_000 }).toBeLessThan(afterFirst);
    expect(await page.getByTestId('speech-from-library').count()).toBe(0);
    await studio.shot('speech-fresh-take');
  });
});
