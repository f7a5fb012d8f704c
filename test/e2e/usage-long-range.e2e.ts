/// <reference lib="dom" />
// Long usage ranges: 2020 to today is some 75 gateway queries of 31 days each ([LIM-4]). The
// page says how far it has read with a progress bar, Cancel stops it and says how far it got, Read again starts
// over; a range across a new year shows one bar a month labelled with the year.
import { describe, expect, it } from 'vitest';
import { chooseFamily, goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();

describe('a usage range of years', () => {
  // First when both run: the years-long read below spends the minute's 60 usage queries ([LIM-1]) the gateway
  // allows a key. Each also stands alone: it opens the Usage page itself.
  it(
    'a range across a new year has a bar a month, each labelled with its year',
    { timeout: 240_000 },
    async () => {
      // Something billed today, so the chart has bars to label.
      await chooseFamily(page, 'image.i3');
      await page
        .getByTestId('form-image.i3')
        .getByLabel('Prompt', { exact: true })
        .fill('A lighthouse at dusk');
      await page.getByRole('button', { name: 'Generate' }).click();
      await page
        .getByTestId('task-preview')
        .getByTestId('preview-image')
        .first()
        .waitFor({ timeout: 60_000 });
      await goTo(page, 'Usage');
      // From September of the year before to today.
      const today = new Date().toISOString().slice(0, 10);
      await page.getByLabel('From', { exact: true }).fill(`${Number(today.slice(0, 4)) - 1}-09-01`);
      const chart = page.getByTestId('usage-chart');
      // The gateway's 60 usage queries a minute ([LIM-1]) may hold the read for up to a minute.
      await expect.poll(() => chart.getAttribute('data-bucket'), { timeout: 150_000 }).toBe('month');
      expect(Number(await chart.getAttribute('data-days'))).toBeGreaterThanOrEqual(13);
      await page.getByRole('heading', { name: 'Spending per month by model' }).waitFor();
      // The x axis's ticks are the words; the y axis's are amounts.
      const ticks = (await chart.locator('.recharts-cartesian-axis-tick-value').allTextContents()).filter(
        (t) => /[A-Za-z]/.test(t),
      );
      expect(ticks.length).toBeGreaterThan(0);
      for (const tick of ticks) expect(tick).toMatch(/^[A-Z][a-z]{2} 20\d\d$/);
      await studio.shot('usage-long-range-months');
      expect(studio.pageErrors).toEqual([]);
    },
  );

  it('shows its progress window by window, and Cancel stops it with a sentence', async () => {
    await goTo(page, 'Usage');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    const reading = page.getByRole('status').filter({ hasText: 'Reading usage' });
    await reading.waitFor({ timeout: 30_000 });
    // Both the chart's read and the table's: some 75 windows each.
    await expect
      .poll(async () => Number(/of (\d+) windows/.exec((await reading.textContent()) ?? '')?.[1]))
      .toBeGreaterThanOrEqual(140);
    const bar = page.getByRole('progressbar', { name: /Reading usage/ });
    await expect
      .poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await studio.shot('usage-long-range-reading');
    await reading.getByRole('button', { name: 'Cancel' }).click();
    const stopped = page.getByRole('status').filter({ hasText: 'Stopped after' }).first();
    await stopped.waitFor();
    expect(await reading.count()).toBe(0);
    await studio.shot('usage-long-range-stopped');

    // Read again starts over, and can be cancelled again.
    await stopped.getByRole('button', { name: 'Read again' }).click();
    await reading.waitFor({ timeout: 30_000 });
    await reading.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('status').filter({ hasText: 'Stopped after' }).first().waitFor();
  });
});
