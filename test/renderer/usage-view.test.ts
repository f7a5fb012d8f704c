// The Usage page's rules as data: the queries its filters send ([EP-USAGE-PARAM-1..6]), the chart's days with
// quiet days at zero, the table's order, and the CSV that carries exactly the table's rows and columns.
import { describe, expect, it } from 'vitest';
import { csvField, usageColumns, usageCsv, usageCsvName } from '../../renderer/features/usage/usage-csv';
import {
  catalogModels,
  chartData,
  defaultFilters,
  modelNames,
  presetRange,
  rangeProblem,
  tableRows,
  usageQueries,
  type UsageItemView,
} from '../../renderer/features/usage/usage-view';

const kinds = catalogModels({});
const stats = (amountUsd: number, requests: number) => ({
  amountUsd,
  credits: Math.round(amountUsd * 1e7) / 1e6,
  requests,
  promptTokens: 0,
  completionTokens: 0,
});
const item = (model: string | undefined, date: string | undefined, usd: number, n = 1): UsageItemView => ({
  ...(model !== undefined && { model }),
  ...(date !== undefined && { date }),
  ...stats(usd, n),
});

describe('usage queries from the filters', () => {
  it('[EP-USAGE-PARAM-5] [EP-USAGE-PARAM-4] whole days of the chosen zone; the chart per model and day, the table as chosen', () => {
    const now = Date.parse('2026-11-22T03:00:00Z'); // still Nov 21 in New York
    const filters = { ...defaultFilters(now, 'America/New_York'), groupBy: 'date' as const };
    expect(filters).toMatchObject({ from: '2026-11-15', to: '2026-11-21', scope: 'key', model: '' });
    const { chart, table } = usageQueries(filters, kinds);
    expect(chart).toEqual({
      start: Date.parse('2026-11-15T05:00:00Z') / 1000,
      end: Date.parse('2026-11-22T05:00:00Z') / 1000,
      tz: 'America/New_York',
      scope: 'key',
      groupBy: 'model,date',
    });
    expect(table).toEqual({ ...chart, groupBy: 'date' });
  });

  it('[EP-USAGE-PARAM-3] [LIM-5] a kind stands for its catalog models; one model is itself; all is no filter', () => {
    const video = modelNames('kind:video', kinds) ?? [];
    expect(video.length).toBeGreaterThan(3);
    expect(video.length).toBeLessThanOrEqual(50);
    expect(video).toContain('video_model_id_k');
    expect(video.every((m) => kinds.get(m) === 'video')).toBe(true);
    expect(modelNames('kind:speech', kinds)).toEqual(['speech_model_id']);
    expect(modelNames('model:acme-v9', kinds)).toEqual(['acme-v9']);
    expect(modelNames('', kinds)).toBeUndefined();
    // Settings' model overrides are what is sent, so they are what the filter asks for.
    expect(catalogModels({ 'video.k': { default: 'acme-k' } }).get('acme-k')).toBe('video');
  });

  it('presets end today in the zone; a reversed or missing date is named, not sent', () => {
    const now = Date.parse('2026-03-01T02:00:00Z');
    expect(presetRange('30', now, 'Asia/Shanghai')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('month', now, 'America/Los_Angeles')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('reversed');
    expect(rangeProblem({ from: '', to: '2026-03-01' })).toBe('invalid');
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
  });
});

describe('chart and table', () => {
  it('[UREP-9] every day of the range has a row and every model a number on it, 0 where nothing was billed', () => {
    const data = chartData(
      [
        item('video_a', '2026-06-02', 1.5),
        item('image_b', '2026-06-02', 0.25),
        item('image_b', '2026-06-04', 2),
      ],
      '2026-06-01',
      '2026-06-04',
    );
    expect(data.models).toEqual(['image_b', 'video_a']); // most spent first
    expect(data.days).toEqual([
      { date: '2026-06-01', image_b: 0, video_a: 0 },
      { date: '2026-06-02', image_b: 0.25, video_a: 1.5 },
      { date: '2026-06-03', image_b: 0, video_a: 0 },
      { date: '2026-06-04', image_b: 2, video_a: 0 },
    ]);
  });

  it('[UREP-8] by model keeps the gateway order; by date and by both read oldest day first', () => {
    const items = [item('a', '2026-06-02', 3), item('b', '2026-06-01', 2), item('c', '2026-06-02', 4)];
    expect(tableRows(items, 'model')).toEqual(items);
    expect(tableRows(items, 'model,date').map((i) => i.model)).toEqual(['b', 'c', 'a']);
  });
});

describe('CSV', () => {
  const text = {
    headers: {
      model: 'Model',
      date: 'Date',
      requests: 'Requests',
      amount: (unit: string | null) => `Amount (${unit ?? 'USD'})`,
      credits: 'Credits',
    },
    shown: 'usd' as const,
    money: (n: number) => n.toFixed(2),
    credits: (n: number) => n.toFixed(3),
    count: (n: number) => String(Math.round(n)),
  };

  it('has the table’s columns and rows in its order, the total last, the gateway’s unrounded figures', () => {
    const columns = usageColumns('model,date', text);
    expect(columns.map((c) => c.header)).toEqual(['Model', 'Date', 'Requests', 'Amount (USD)', 'Credits']);
    const rows = [item('video_a', '2026-06-01', 0.123456, 2), item('image_b', '2026-06-02', 1.5)];
    const csv = usageCsv(columns, rows, { ...stats(1.623456, 3), label: 'Total' });
    expect(csv).toBe(
      'Model,Date,Requests,Amount (USD),Credits\r\n' +
        'video_a,2026-06-01,2,0.123456,1.23456\r\n' +
        'image_b,2026-06-02,1,1.5,15\r\n' +
        'Total,,3,1.623456,16.23456\r\n',
    );
    // On screen the same cells are formatted for reading.
    expect(columns.map((c) => c.screen(rows[0] as UsageItemView))).toEqual([
      'video_a',
      '2026-06-01',
      '2',
      '0.12',
      '1.235',
    ]);
  });

  it('in the gateway’s currency (CNY), the header, the cells and the file figures are all CNY', () => {
    // Shown beside a CNY balance, the table is in CNY: the file must not carry USD figures under "Amount (CNY)".
    const columns = usageColumns('model', { ...text, shown: { code: 'CNY', perUsd: 7.1 } });
    const rows = [item('video_a', undefined, 0.123456, 2), item('image_b', undefined, 1.5)];
    const csv = usageCsv(columns, rows, { ...stats(1.623456, 3), label: 'Total' });
    expect(csv).toBe(
      'Model,Requests,Amount (CNY),Credits\r\n' +
        'video_a,2,0.876538,1.23456\r\n' +
        'image_b,1,10.65,15\r\n' +
        'Total,3,11.526538,16.23456\r\n',
    );
    // Each file figure rounds to its cell on screen.
    expect(columns.map((c) => c.screen(rows[1] as UsageItemView))).toEqual([
      'image_b',
      '1',
      '10.65',
      '15.000',
    ]);
    expect(columns.map((c) => c.screen(rows[0] as UsageItemView))[2]).toBe('0.88');
  });

  it('grouped by date, the total sits in the date column', () => {
    const columns = usageColumns('date', text);
    expect(usageCsv(columns, [item(undefined, '2026-06-01', 1)], { ...stats(1, 1), label: 'Total' })).toBe(
      'Date,Requests,Amount (USD),Credits\r\n2026-06-01,1,1,10\r\nTotal,1,1,10\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@model')).toBe("'@model");
    expect(csvField('-0.5')).toBe('-0.5');
    expect(usageCsvName('2026-06-01', '2026-06-07', 'America/New_York')).toBe(
      'usage_2026-06-01_2026-06-07_America-New_York.csv',
    );
  });
});
