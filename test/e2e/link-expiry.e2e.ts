/// <reference lib="dom" />
// Links that expire ([TASK-10] expires_at, [LIM-12]), in a browser on a demo gateway whose file server refuses
// every download: the result is not saved, so its task says how long its link has left, live ("Link expires in
// 43 min: not downloaded yet"), on Create's preview and on the Tasks page, then that it ran out.
// The link's life is not waited for in real time: the studio and its demo gateway share one ManualClock and the
// page's clock follows it, moved a step at a time while the test reads the page (2 s steps while requests are in
// flight, so none times out; most of the 24 hours in one stride once the task is done, then minutes).
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { ManualClock } from '../../electron/core/clock';
import { chooseFamily, goTo, passTime, useDemoStudio } from './demo-studio';

const clock = new ManualClock(Date.now());
const { studio, page } = useDemoStudio(
  1,
  { rate: 1, kinds: ['502'], paths: ['/files/'] },
  undefined,
  undefined,
  {
    clock,
  },
);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Reads the page after moving the clock by stepMs, so a poll of the page is also the clock's beat. */
const after =
  <T>(stepMs: number, read: () => Promise<T>) =>
  async (): Promise<T> => {
    await passTime(page, clock, stepMs);
    return read();
  };
const FAST = { intervals: [50], timeout: 60_000 };
/**
 * The countdown repaints on the page's one-second tick; a read of it waits a tick after each step, so what is
 * read was painted after the step (a loaded machine may paint late, never before).
 */
const TICKED = { intervals: [1_100], timeout: 60_000 };
/** What a locator shows now, without waiting for it to appear (a poll's read must not block the clock). */
const textNow = async (locator: Locator): Promise<string | null> =>
  (await locator.allTextContents())[0] ?? null;

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

    // The task runs to completion on the demo's clock, 2 s a step; its file is refused on every try.
    const preview = page.getByTestId('task-preview');
    const state = preview.getByTestId('task-state');
    await expect
      .poll(
        after(2 * SECOND, async () => ((await state.count()) > 0 ? state.getAttribute('data-state') : null)),
        FAST,
      )
      .toBe('completed');
    // Its link lives 24 hours: most of them pass at once, then ten minutes a step into its last hour.
    await passTime(page, clock, 22 * HOUR);
    const previewFlag = preview.getByTestId('link-expiry');
    await expect
      .poll(
        after(10 * MINUTE, async () => secondsLeft(await textNow(previewFlag))),
        TICKED,
      )
      .toBeGreaterThan(0);
    await studio.shot('link-expiry-01-preview');

    await goTo(page, 'Tasks');
    const row = page.getByTestId('task-row').filter({ hasText: 'A harbour whose picture is slow to come' });
    const flag = row.getByTestId('link-expiry');
    await expect.poll(async () => secondsLeft(await textNow(flag)), TICKED).toBeGreaterThan(0);
    const first = secondsLeft(await textNow(flag));
    // Live: it counts down as time passes, with nothing else happening on the page.
    await expect
      .poll(
        after(MINUTE, async () => secondsLeft(await textNow(flag))),
        TICKED,
      )
      .toBeLessThan(first);
    expect(await flag.getAttribute('data-kind')).toBe('soon');
    await studio.shot('link-expiry-02-tasks-countdown');

    // The link runs out: said on the row, in place of the countdown.
    await expect
      .poll(
        after(5 * MINUTE, () => textNow(flag)),
        TICKED,
      )
      .toBe('Link expired before the download');
    expect(await flag.getAttribute('data-kind')).toBe('expired');
    await studio.shot('link-expiry-03-expired');
    expect(studio.pageErrors).toEqual([]);
  });
});
