/// <reference lib="dom" />
// Links that expire ([TASK-10] expires_at, [LIM-12]), in a browser on a demo gateway whose file
// server refuses every download: the result is not saved, so its task says how long its link has left, live
// ("Link expires in 43 sec: not downloaded yet"), on Create's preview and on the Tasks page, then that it ran
// out. A fast demo clock: I4's 24-hour links last about 43 seconds.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio(0.0005, { rate: 1, kinds: ['502'], paths: ['/files/'] });

/** Seconds left, read from the flag as the user reads it. */
function secondsLeft(words: string | null): number {
  const match = /^Link expires in (\d+) (sec|min): not downloaded yet$/.exec(words ?? '');
  if (!match) return Number.NaN;
  return Number(match[1]) * (match[2] === 'min' ? 60 : 1);
}

describe('a result link that runs out before the file is saved', () => {
  it('[TASK-10] [LIM-12] is flagged with a live countdown on the preview and the task row, then says it expired', async () => {
    await chooseFamily(page, 'image.i4');
    await page.getByLabel('Prompt', { exact: true }).fill('A harbour whose picture is slow to come');
    await page.getByRole('button', { name: 'Generate' }).click();

    const preview = page.getByTestId('task-preview');
    const previewFlag = preview.getByTestId('link-expiry');
    await expect
      .poll(async () => secondsLeft(await previewFlag.textContent()), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await studio.shot('link-expiry-01-preview');

    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').filter({ hasText: 'A harbour whose picture is slow to come' });
    const flag = row.getByTestId('link-expiry');
    await expect.poll(async () => secondsLeft(await flag.textContent())).toBeGreaterThan(0);
    const first = secondsLeft(await flag.textContent());
    // Live: it counts down with nothing else happening on the page.
    await expect
      .poll(async () => secondsLeft(await flag.textContent()), { timeout: 10_000 })
      .toBeLessThan(first);
    expect(await flag.getAttribute('data-kind')).toBe('soon');
    await studio.shot('link-expiry-02-tasks-countdown');

    // The link runs out: said on the row, in place of the countdown.
    await expect.poll(() => flag.textContent(), { timeout: 90_000 }).toBe('Link expired before the download');
    expect(await flag.getAttribute('data-kind')).toBe('expired');
    await studio.shot('link-expiry-03-expired');
    expect(studio.pageErrors).toEqual([]);
  });
});
