/// <reference lib="dom" />
// The Usage page in a browser on the demo gateway, driven as a person does: "what did I spend on video last
// week, by model, in my time zone", answered on the page and taken away as a CSV file whose rows are the
// table's. The figures are checked against the demo gateway asked directly ([EP-USAGE-*], [UREP-*]).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS } from '../../electron/simulator/index';
import { type DemoStudio, goTo, openDemoStudio, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';
import { readDownload } from './browser';

const { studio, page } = useDemoStudio();

interface Item {
  model?: string;
  date?: string;
  amount_usd: number;
  requests: number;
}

/** The demo gateway itself, asked with its own key: the figures the page must agree with. */
async function gatewayUsage(query: string): Promise<Item[]> {
  const { baseUrl } = await callStudio<{ baseUrl: string }>(page, 'session.status');
  const res = await fetch(`${baseUrl}/v1/usage?${query}`, {
    headers: { Authorization: `Bearer ${SIM_KEYS.default}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { items: Item[] } }).data.items;
}

/** The table as text: its header cells and each body row's cells. */
async function tableText(): Promise<{ head: string[]; rows: string[][]; total: string[] }> {
  const table = page.getByRole('table');
  const head = await table.locator('thead th').allTextContents();
  const rows: string[][] = [];
  for (const row of await table.locator('tbody tr').all())
    rows.push(await row.locator('td').allTextContents());
  const total = await table.locator('tfoot td').allTextContents();
  return { head, rows, total };
}

const parseCsv = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

const usd2or4 = (n: number): string => n.toFixed(Math.abs(n) >= 1 || n === 0 ? 2 : 4);

describe('Usage page', () => {
  it('[EP-USAGE-PARAM-3] [EP-USAGE-PARAM-5] [UREP-9] what did I spend on video last week, by model, in my time zone, as CSV', async () => {
    await goTo(page, 'Usage');
    // The system's zone is the default and is named under the field.
    const zone = page.getByLabel('Time zone');
    await expect
      .poll(() => zone.inputValue(), { timeout: 30_000 })
      .toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    // Pick New York by typing into the searchable list, the keyboard's way.
    await zone.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('america/new_york');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect.poll(() => zone.inputValue(), { timeout: 15_000 }).toBe('America/New_York');

    const lastWeek = page.getByRole('button', { name: 'Last 7 days' });
    await lastWeek.click();
    expect(await lastWeek.getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Models').selectOption({ label: 'All video models' });
    await page
      .getByRole('radiogroup', { name: 'Group table by' })
      .getByText('Model', { exact: true })
      .click();

    // The gateway's own answer for those seven New York days, video models only.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(Date.now());
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const nowS = Math.floor(Date.now() / 1000);
    const items = await gatewayUsage(
      `start=${nowS - 9 * 86_400}&end=${nowS + 86_400}&group_by=model,date&tz=America/New_York&scope=key`,
    );
    const expected = new Map<string, { usd: number; requests: number }>();
    for (const i of items) {
      if (!i.model?.startsWith('video_') || !i.date || i.date < from || i.date > today) continue;
      const seen = expected.get(i.model) ?? { usd: 0, requests: 0 };
      expected.set(i.model, { usd: seen.usd + i.amount_usd, requests: seen.requests + i.requests });
    }
    expect(expected.size).toBeGreaterThan(0);

    const byModel = page.getByRole('table', { name: 'By model' });
    await byModel.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await tableText()).rows.map((r) => r[0]).sort(), { timeout: 30_000 })
      .toEqual([...expected.keys()].sort());
    const { head, rows, total } = await tableText();
    expect(head).toEqual(['Model', 'Requests', 'Amount (USD)', 'Credits']);
    for (const [model, requests, amount] of rows) {
      const want = expected.get(model ?? '');
      expect(Number(requests)).toBe(want?.requests);
      expect(amount).toBe(usd2or4(want?.usd ?? -1));
    }
    expect(total[0]).toBe('Total');

    // The chart: the week's seven days, zero where nothing was billed, one series per model of the table.
    const chart = page.getByTestId('usage-chart');
    await expect.poll(() => chart.getAttribute('data-days'), { timeout: 30_000 }).toBe('7');
    await chart.locator('.recharts-bar-rectangle').first().waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await chart.locator('.recharts-legend-item-text').allTextContents()).sort(), {
        timeout: 30_000,
      })
      .toEqual([...expected.keys()].sort());
    expect(await page.getByText(/^As of /).isVisible()).toBe(true);
    await studio.shot('usage-01-video-last-week');

    // Export: the file holds the table, row for row, with the gateway's unrounded figures.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`usage_${from}_${today}_America-New_York.csv`);
    const csv = parseCsv((await readDownload(download)).toString('utf8'));
    expect(csv[0]).toEqual(head);
    expect(csv).toHaveLength(rows.length + 2);
    for (const [i, row] of rows.entries()) {
      const line = csv[i + 1] ?? [];
      expect(line[0]).toBe(row[0]);
      expect(line[1]).toBe(row[1]);
      expect(usd2or4(Number(line[2]))).toBe(row[2]);
      expect(Number(line[2])).toBeCloseTo(expected.get(row[0] ?? '')?.usd ?? -1, 6);
    }
    expect(csv.at(-1)?.[0]).toBe('Total');
    expect(usd2or4(Number(csv.at(-1)?.[2]))).toBe(total[2]);
    await byModel.scrollIntoViewIfNeeded();
    await studio.shot('usage-02-video-table');
  });

  it('[LIM-4] [EP-USAGE-2] 90 days (three 31-day windows) add up to what the gateway billed on those days', async () => {
    await page.getByLabel('Models').selectOption({ label: 'All models' });
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    const tz = 'America/New_York';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(Date.now());
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
    // Asked directly in four windows the test chooses, by date in New York, summed over the 90 days.
    const nowS = Math.floor(Date.now() / 1000) + 86_400;
    let usd = 0;
    for (let w = 0; w < 4; w++) {
      const end = nowS - w * 30 * 86_400;
      const items = await gatewayUsage(`start=${end - 30 * 86_400}&end=${end}&group_by=date&tz=${tz}`);
      for (const i of items) if (i.date && i.date >= from && i.date <= today) usd += i.amount_usd;
    }
    expect(usd).toBeGreaterThan(0);
    const chart = page.getByTestId('usage-chart');
    await expect.poll(() => chart.getAttribute('data-days'), { timeout: 30_000 }).toBe('90');
    await expect
      .poll(() => page.getByTestId('usage-spent').textContent(), { timeout: 30_000 })
      .toBe(`${usd2or4(usd)} USD`);
    await studio.shot('usage-03-ninety-days');
  });

  it('[EP-USAGE-PARAM-4] [EP-USAGE-PARAM-2] [LIM-2] filters by keyboard: grouping, a reversed range said in a sentence, refresh waits for the cache', async () => {
    // Group by model and date with the arrow keys, as a radio group is used.
    const group = page.getByRole('radiogroup', { name: 'Group table by' });
    await group.getByRole('radio', { name: 'Model', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await group.getByRole('radio', { name: 'Model and date' }).isChecked()).toBe(true);
    const table = page.getByRole('table', { name: 'By model and date' });
    await table.waitFor({ timeout: 30_000 });
    const { head, rows } = await tableText();
    expect(head).toEqual(['Model', 'Date', 'Requests', 'Amount (USD)', 'Credits']);
    const dates = rows.map((r) => r[1] ?? '');
    expect(dates).toEqual([...dates].sort());

    // The refresh says why it waits: the gateway would answer from its one-minute cache ([LIM-2]).
    const refresh = page.getByRole('button', { name: 'Refresh' });
    expect(await refresh.isDisabled()).toBe(true);
    const why = await refresh.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${why}"]`).textContent()).toMatch(
      /^The gateway keeps usage figures for a minute: new ones from \d/,
    );

    // A start after the end is refused beside the dates, and nothing is exported.
    const to = page.getByLabel('To', { exact: true });
    const toValue = await to.inputValue();
    await page.getByLabel('From', { exact: true }).fill(toValue);
    await to.fill(new Date(Date.parse(`${toValue}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
    await page.getByText('The start date is after the end date.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    await studio.shot('usage-04-reversed-range');
    expect(studio.pageErrors).toEqual([]);
  });
});

describe('Usage page when the gateway fails', () => {
  let failing: DemoStudio;
  beforeAll(async () => {
    // Every usage answer is garbled: both of the page's queries fail, each says so in its own place.
    failing = await openDemoStudio(0.05, { rate: 1, kinds: ['garble'], paths: ['/v1/usage'] });
  });
  afterAll(() => failing?.close());

  it('[UREP-1] the chart and the table each say in a sentence that they could not be loaded', async () => {
    await goTo(failing.page, 'Usage');
    const chartError = failing.page.getByTestId('usage-chart-error');
    const tableError = failing.page.getByTestId('usage-table-error');
    await chartError.waitFor({ timeout: 30_000 });
    await tableError.waitFor({ timeout: 30_000 });
    expect(await chartError.textContent()).toMatch(/^The daily chart could not be loaded: \S.+/);
    expect(await tableError.textContent()).toMatch(/^The table could not be loaded: \S.+/);
    expect(await failing.page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    await failing.shot('usage-05-errors');
  });
});
