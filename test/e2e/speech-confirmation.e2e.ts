/// <reference lib="dom" />
// A speech press meets the same question as Generate's: above the creator's confirmation threshold the Speech page
// shows the price and sends nothing until told to; Cancel sends nothing, Send it sends once. The speech service
// holds the take to the same rule whatever the page does (test/host/one-intent-limits.test.ts).
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

/** The speech clips the library holds for this text. */
async function clips(text: string): Promise<number> {
  const { items } = await callStudio<{ items: { prompt: string | null }[] }>(page, 'library.query');
  return items.filter((item) => item.prompt === text).length;
}

describe('a speech press above the confirmation threshold', () => {
  it('asks with the price; Cancel sends nothing; Send it sends once', async () => {
    // A threshold of 0.01 USD; should speech have no estimate here, a price to assume of 0.05 stands in.
    await callStudio(page, 'spending.setLimits', {
      unit: 'usd',
      confirmAbove: 0.01,
      daily: null,
      monthly: null,
      timeZone: null,
      unknownPrice: 0.05,
    });
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('speech.synthesize')) sent += 1;
    });
    await goTo(page, 'Speech');
    const text = 'Mind the gap between the train and the platform';
    await page.getByLabel('Text').fill(text);
    await page.getByRole('button', { name: 'Speak' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Send this generation?' });
    await dialog.waitFor({ timeout: 15_000 });
    // The price the studio expects (the demo's usage history teaches one; else the price to assume).
    expect(await dialog.textContent()).toMatch(
      /This will probably cost about 0\.0\d+ USD, above your confirmation threshold of 0\.0100 USD\./,
    );
    await studio.shot('speech-confirmation-asked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toBe(0);
    expect(await clips(text)).toBe(0);

    await page.getByRole('button', { name: 'Speak' }).click();
    await dialog.getByRole('button', { name: 'Send it' }).click();
    await page.getByTestId('speech-audio').first().waitFor({ timeout: 30_000 });
    expect(sent).toBe(1);
    expect(await clips(text)).toBe(1);

    // Asked again, the library's take answers: it costs nothing, so nothing is asked.
    await page.getByRole('button', { name: 'Speak' }).click();
    await page.getByTestId('speech-from-library').waitFor({ timeout: 15_000 });
    expect(await dialog.count()).toBe(0);
    expect(await clips(text)).toBe(1);
  });
});
