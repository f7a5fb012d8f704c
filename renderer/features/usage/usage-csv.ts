// The usage table's columns, shared by the table on screen and its CSV export, so the file has exactly the
// rows, columns and order the page shows. The screen formats numbers for reading; the file keeps the
// gateway's own figures (amounts to 6 decimals, [UREP-STAT-1]) without grouping separators, so a spreadsheet
// can sum them and each still rounds to the cell on screen. The amount column is in the money the page shows
// (USD, or the gateway's own currency such as CNY): its header, its cells and its file figures are all made here
// from that one choice, so a header saying CNY never stands over USD figures.
import { usdShownAs, type MoneyShown } from '../../lib/money-shown';
import type { UsageItemView, TableGrouping } from './usage-view';

export type UsageColumnKey = 'model' | 'date' | 'requests' | 'amount' | 'credits';

export interface UsageColumn {
  key: UsageColumnKey;
  header: string;
  /** The cell as the table shows it. */
  screen(row: UsageRow): string;
  /** The cell as the CSV file has it. */
  file(row: UsageRow): string;
  numeric: boolean;
}

/** A table row, or the total row (model and date absent, label given). */
export type UsageRow = Omit<UsageItemView, 'promptTokens' | 'completionTokens'> & { label?: string };

export interface ColumnText {
  headers: Record<Exclude<UsageColumnKey, 'amount'>, string> & {
    /** The amount column's header in a currency (its code) other than USD, or in USD (null). */
    amount(currency: string | null): string;
  };
  /** The money the page shows amounts in; the report itself is USD ([UREP-STAT-1]). */
  shown: MoneyShown;
  /** An amount already in the money shown, formatted for the screen. */
  money(amount: number): string;
  credits(amount: number): string;
  count(n: number): string;
}

export function usageColumns(groupBy: TableGrouping, text: ColumnText): UsageColumn[] {
  const label = (key: 'model' | 'date') => (row: UsageRow) => row[key] ?? row.label ?? '';
  const columns: UsageColumn[] = [];
  if (groupBy.includes('model'))
    columns.push({
      key: 'model',
      header: text.headers.model,
      screen: label('model'),
      file: label('model'),
      numeric: false,
    });
  if (groupBy.includes('date')) {
    // With both, the total's label sits under the first column only.
    const date = groupBy === 'date' ? label('date') : (row: UsageRow) => row.date ?? '';
    columns.push({ key: 'date', header: text.headers.date, screen: date, file: date, numeric: false });
  }
  columns.push(
    {
      key: 'requests',
      header: text.headers.requests,
      screen: (r) => text.count(r.requests),
      file: (r) => String(r.requests),
      numeric: true,
    },
    {
      key: 'amount',
      header: text.headers.amount(typeof text.shown === 'object' ? text.shown.code : null),
      screen: (r) => text.money(usdShownAs(r.amountUsd, text.shown)),
      // The gateway's 6 decimals ([UREP-STAT-1]), in the same money as the header and the screen.
      file: (r) => String(Math.round(usdShownAs(r.amountUsd, text.shown) * 1e6) / 1e6),
      numeric: true,
    },
    {
      key: 'credits',
      header: text.headers.credits,
      screen: (r) => text.credits(r.credits),
      file: (r) => String(r.credits),
      numeric: true,
    },
  );
  return columns;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet would run
 * as a formula (=, +, -, @ first) is prefixed with an apostrophe: a model name is text from the gateway.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The table as CSV: header, rows, total; CRLF line ends as RFC 4180 has them. */
export function usageCsv(
  columns: readonly UsageColumn[],
  rows: readonly UsageRow[],
  total: UsageRow,
): string {
  const line = (cells: string[]) => cells.map(csvField).join(',');
  return [
    line(columns.map((c) => c.header)),
    ...rows.map((r) => line(columns.map((c) => c.file(r)))),
    line(columns.map((c) => c.file(total))),
  ]
    .map((l) => `${l}\r\n`)
    .join('');
}

/** A file name that says what is in it: usage_2026-11-15_2026-11-21_Europe-Berlin.csv */
export function usageCsvName(from: string, to: string, tz: string): string {
  return `usage_${from}_${to}_${tz.replaceAll('/', '-')}.csv`;
}
