/// <reference lib="dom" />
// [EP-SPEECH-1] pcm speech: the browser cannot play raw PCM as it is (the <audio> element fails with code 4), so
// the studio plays it wrapped as WAV in the gateway's default sample format, on the Speech page and in the
// library, and says what the file is.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { goTo, useDemoStudio } from './demo-studio';

const { studio } = useDemoStudio();

/** Waits until the element has read the file's duration, and says whether it ended in a media error. */
async function playable(audio: Locator): Promise<{ duration: number; error: number | null }> {
  await expect
    .poll(
      () =>
        audio.evaluate((el: HTMLAudioElement) =>
          el.error ? -1 : Number.isFinite(el.duration) ? el.duration : 0,
        ),
      { timeout: 15_000 },
    )
    .not.toBe(0);
  return audio.evaluate((el: HTMLAudioElement) => ({ duration: el.duration, error: el.error?.code ?? null }));
}

describe('raw PCM speech', () => {
  it('[EP-SPEECH-1] plays on the Speech page and says what the file is', async () => {
    const { page } = studio;
    await goTo(page, 'Speech');
    await page.getByLabel('Text').fill('Raw samples, wrapped for the browser.');
    await page.getByRole('radiogroup', { name: 'Format' }).getByText('PCM', { exact: true }).click();
    await page.getByRole('button', { name: 'Speak' }).click();
    const audio = page.getByTestId('speech-audio').first();
    await audio.waitFor({ timeout: 30_000 });
    const state = await playable(audio);
    expect(state.error).toBeNull();
    expect(state.duration).toBeGreaterThan(0.5);
    expect(await page.getByTestId('pcm-note').first().textContent()).toContain(
      'Raw PCM audio (24 kHz, 16-bit, 1 channel)',
    );
    await studio.shot('speech-pcm');
  });

  it('plays from the library dialog too', async () => {
    const { page } = studio;
    await goTo(page, 'Library');
    await page.getByTestId('library-item').first().click();
    const dialog = page.getByTestId('item-dialog');
    await dialog.waitFor();
    const state = await playable(dialog.locator('audio'));
    expect(state.error).toBeNull();
    await dialog.getByText(/Raw PCM audio/).waitFor();
    await studio.shot('library-pcm');
  });
});
