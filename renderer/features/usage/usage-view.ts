// What the Usage page shows, as plain data: the filters a person sets, the query each part of the page sends
// for them, the chart's days (every day of the range, zero where nothing was billed) and the table's rows.
// No React here, so every rule is unit-tested on its own.
import type { UsageQuery, UsageResult } from '../../../shared/bridge';
import type { FamilyKind, ModelConfig } from '../../../shared/catalog';
import { FAMILY_LIST, familyModels } from '../../../shared/catalog';
import { addDays, dayOf, daysFrom, daysToRange, isDay, type Day } from '../../../shared/studio/zoned-days';

export type UsageScope = 'key' | 'account';
/** [EP-USAGE-PARAM-4] what the table groups by (none would leave it empty, [UREP-8]). */
export type TableGrouping = 'model' | 'date' | 'model,date';
export const TABLE_GROUPINGS: readonly TableGrouping[] = ['model', 'date', 'model,date'];

/** '' for every model, 'kind:video' for every model of a kind, 'model:<id>' for one model. */
export type ModelChoice = '' | `kind:${FamilyKind}` | `model:${string}`;

export interface UsageFilters {
  from: Day;
  to: Day;
  tz: string;
  scope: UsageScope;
  model: ModelChoice;
  groupBy: TableGrouping;
}

export type UsageItemView = UsageResult['report']['items'][number];

export type RangePreset = '7' | '30' | '90' | 'month';
export const RANGE_PRESETS: readonly RangePreset[] = ['7', '30', '90', 'month'];

/** The days of a preset ending today in tz (a "last 7 days" includes today). */
export function presetRange(preset: RangePreset, nowMs: number, tz: string): { from: Day; to: Day } {
  const today = dayOf(nowMs, tz);
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: addDays(today, 1 - Number(preset)), to: today };
}

export function defaultFilters(nowMs: number, tz: string): UsageFilters {
  return { ...presetRange('7', nowMs, tz), tz, scope: 'key', model: '', groupBy: 'model' };
}

/** Why the range cannot be asked, or null: the gateway wants end after start ([EP-USAGE-PARAM-2]). */
export function rangeProblem(filters: Pick<UsageFilters, 'from' | 'to'>): 'invalid' | 'reversed' | null {
  if (!isDay(filters.from) || !isDay(filters.to)) return 'invalid';
  return filters.from > filters.to ? 'reversed' : null;
}

/** Every model id the catalog knows with its kind, the user's model overrides applied. */
export function catalogModels(models: ModelConfig): Map<string, FamilyKind> {
  const kinds = new Map<string, FamilyKind>();
  for (const family of FAMILY_LIST) {
    for (const variant of familyModels(family.id, models)) kinds.set(variant.modelId, family.kind);
  }
  return kinds;
}

/** [EP-USAGE-PARAM-3] the exact names a model choice stands for; undefined means all models. */
export function modelNames(
  choice: ModelChoice,
  kinds: ReadonlyMap<string, FamilyKind>,
): string[] | undefined {
  if (choice === '') return undefined;
  if (choice.startsWith('model:')) return [choice.slice('model:'.length)];
  const kind = choice.slice('kind:'.length);
  return [...kinds].filter(([, k]) => k === kind).map(([id]) => id);
}

/**
 * The page's two queries for these filters: the chart's (always per model and day) and the table's (grouped
 * as chosen). Whole days of the chosen zone, so the gateway's date items fall on the same days ([UREP-9]).
 * Their ends are fixed instants (tomorrow's midnight for a range ending today), so asking again within the
 * minute is the identical query the gateway answers from its cache ([LIM-2]).
 */
export function usageQueries(
  filters: UsageFilters,
  kinds: ReadonlyMap<string, FamilyKind>,
): { chart: NonNullable<UsageQuery>; table: NonNullable<UsageQuery> } {
  const { start, end } = daysToRange(filters.from, filters.to, filters.tz);
  const models = modelNames(filters.model, kinds);
  const common = { start, end, tz: filters.tz, scope: filters.scope, ...(models && { models }) };
  return {
    chart: { ...common, groupBy: 'model,date' },
    table: { ...common, groupBy: filters.groupBy },
  };
}

/** Past a quarter, one bar a day is too thin to read or point at: the chart shows one bar a month. */
export const MOST_DAY_BARS = 93;

export interface ChartData {
  /** Models in the legend's order: most spent first. */
  models: string[];
  /** What one bar stands for. */
  bucket: 'day' | 'month';
  /**
   * One row per day (or month, 'YYYY-MM') of the range; every model has a number on every row, 0 where nothing
   * was billed.
   */
  days: ({ date: string } & Record<string, number | string>)[];
  /** The range crosses into another year, so an axis label without its year would be ambiguous. */
  spansYears: boolean;
}

/**
 * An axis label for a bar, in the reader's language, with the year only when the range needs it: "Jun 2",
 * "Jun 2, 2025", "Jun 2025". The date is a calendar date, not an instant, so it is read and written in UTC.
 */
export function barLabel(
  date: string,
  data: Pick<ChartData, 'bucket' | 'spansYears'>,
  language: string,
): string {
  const at = new Date(`${data.bucket === 'month' ? `${date}-01` : date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    month: 'short',
    ...(data.bucket === 'day' && { day: 'numeric' }),
    ...((data.spansYears || data.bucket === 'month') && { year: 'numeric' }),
  }).format(at);
}

/** The stacked chart's rows from a model,date report. */
export function chartData(items: readonly UsageItemView[], from: Day, to: Day): ChartData {
  const perModel = new Map<string, number>();
  for (const item of items) {
    if (item.model === undefined) continue;
    perModel.set(item.model, (perModel.get(item.model) ?? 0) + item.amountUsd);
  }
  const models = [...perModel].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([m]) => m);
  const days = daysFrom(from, to);
  const bucket = days.length > MOST_DAY_BARS ? 'month' : 'day';
  const barOf = (date: string): string => (bucket === 'month' ? date.slice(0, 7) : date);
  const rows = new Map<string, { date: string } & Record<string, number>>();
  for (const day of days) {
    const date = barOf(day);
    if (!rows.has(date))
      rows.set(date, { date, ...Object.fromEntries(models.map((m) => [m, 0])) } as { date: string } & Record<
        string,
        number
      >);
  }
  for (const item of items) {
    const row = item.date === undefined ? undefined : rows.get(barOf(item.date));
    if (row && item.model !== undefined) row[item.model] = (row[item.model] ?? 0) + item.amountUsd;
  }
  return { models, bucket, days: [...rows.values()], spansYears: from.slice(0, 4) !== to.slice(0, 4) };
}

/**
 * The table's rows in the order shown: by model, most spent first (the gateway's order, [UREP-8]); by date,
 * oldest day first; by both, by day and within a day most spent first.
 */
export function tableRows(items: readonly UsageItemView[], groupBy: TableGrouping): UsageItemView[] {
  if (groupBy === 'model') return [...items];
  return [...items].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || b.amountUsd - a.amountUsd);
}
