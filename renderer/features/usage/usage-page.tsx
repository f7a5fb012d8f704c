// Usage: what generations cost over any days, in any zone, for this key or the whole account, for all models,
// a kind or one model ([EP-USAGE-PARAM-1..6]). Two queries: the chart's (per model and day) and the table's
// (grouped as chosen); each says its own failure. The table leaves as CSV exactly as shown.
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { modelConfigFromOverrides, type FamilyKind } from '../../../shared/catalog';
import { systemTimeZone } from '../../../shared/studio/time-zones';
import { daysFrom } from '../../../shared/studio/zoned-days';
import { errorSentence } from '../../lib/bridge-error';
import { formatCount, formatCredits, formatUsd } from '../../lib/format';
import { useGatewayCurrency } from '../../lib/api/balance';
import { usdWords } from '../../lib/money-shown';
import { useSettings } from '../../lib/api/settings';
import { useNow } from '../../lib/use-now';
import { Alert } from '../../ui/alert';
import { useSession } from '../../lib/api/session';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { useCancelUsage, useUsage, useUsageProgress } from './api/get-usage';
import { UsageChart } from './usage-chart';
import { usageColumns, usageCsv, usageCsvName, type UsageRow } from './usage-csv';
import { UsageFilterBar } from './usage-filters';
import { UsageFreshness } from './usage-freshness';
import { UsageTable } from './usage-table';
import {
  catalogModels,
  chartData,
  defaultFilters,
  MOST_DAY_BARS,
  rangeProblem,
  tableRows,
  usageQueries,
  type UsageFilters,
} from './usage-view';
import './usage.css';

/** A file download from the page: web mode's browser and the desktop window both save a Blob's link. */
function saveText(name: string, text: string): void {
  // The byte-order mark lets spreadsheet programs read the file as UTF-8 (zh-CN headers, model names).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function UsagePage(): ReactElement {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const system = useMemo(() => systemTimeZone(), []);
  const [filters, setFilters] = useState<UsageFilters>(() => defaultFilters(Date.now(), system));
  const overrides = useSettings().data?.modelOverrides;
  const catalog = useMemo(() => catalogModels(modelConfigFromOverrides(overrides ?? {})), [overrides]);

  const queries = rangeProblem(filters) ? null : usageQueries(filters, catalog);
  const chart = useUsage(queries?.chart, queries !== null);
  const table = useUsage(queries?.table, queries !== null);
  const reading = useUsageProgress(queries ? [queries.chart, queries.table] : []);
  const cancelUsage = useCancelUsage();
  // Cancel leaves the queries without data and not fetching: the page says so and offers to read again.
  const [stopped, setStopped] = useState<{ done: number; total: number } | null>(null);
  const stop = () => {
    setStopped(reading);
    cancelUsage();
  };
  const readAgain = () => {
    setStopped(null);
    void Promise.all([chart.refetch(), table.refetch()]);
  };
  const changeFilters = (next: UsageFilters) => {
    setStopped(null);
    setFilters(next);
  };
  const waiting = queries ? (
    stopped ? (
      <div className="usage-stopped" role="status">
        <p>{t('usage.stopped', { done: stopped.done, total: stopped.total })}</p>
        <Button onClick={readAgain}>{t('usage.readAgain')}</Button>
      </div>
    ) : (
      <p className="muted">{t('common.loading')}</p>
    )
  ) : null;

  const seen = chart.data?.report.items;
  const chartBars = daysFrom(filters.from, filters.to).length > MOST_DAY_BARS ? 'month' : 'day';
  const models = useMemo(() => {
    const all = new Set(catalog.keys());
    for (const item of seen ?? []) if (item.model) all.add(item.model);
    return [...all].sort();
  }, [catalog, seen]);
  const kinds = useMemo(() => [...new Set(catalog.values())] as FamilyKind[], [catalog]);

  // The report is in USD ([UREP-STAT-1]); shown in the gateway's currency where it keeps another.
  const currency = useGatewayCurrency();
  const shown = currency ?? 'usd';
  const usd = (amount: number) => usdWords(amount, shown, 'usage.usd', t, i18n.language);
  const count = (n: number) => formatCount(n, i18n.language);
  const credits = (n: number) => formatCredits(n, i18n.language);
  const columns = usageColumns(filters.groupBy, {
    headers: {
      model: t('usage.model'),
      date: t('usage.date'),
      requests: t('usage.requests'),
      amount: (unit) => (unit ? t('usage.amountIn', { unit }) : t('usage.amount')),
      credits: t('usage.credits'),
    },
    shown,
    money: (n) => formatUsd(n, i18n.language),
    credits,
    count,
  });
  const tableReport = table.data?.report;
  const rows: UsageRow[] = tableReport ? tableRows(tableReport.items, filters.groupBy) : [];
  const total: UsageRow | null = tableReport ? { ...tableReport.total, label: t('usage.total') } : null;
  const stats = (tableReport ?? chart.data?.report)?.total;
  const asOfs = [chart.data?.asOf, table.data?.asOf].filter((a): a is number => a !== undefined);

  const exportCsv = () => {
    if (!total) return;
    saveText(usageCsvName(filters.from, filters.to, filters.tz), usageCsv(columns, rows, total));
  };

  const demo = useSession().data?.mode === 'demo';
  return (
    <Page
      title={t('usage.title')}
      subtitle={t('usage.subtitle')}
      wide
      actions={
        <Button variant="primary" disabled={!total} onClick={exportCsv}>
          {t('usage.exportCsv')}
        </Button>
      }
    >
      <div className="usage">
        {/* The demo gateway seeds weeks of made-up requests so the charts have something to show: said as sample
            data, or its totals read as what this person ran and contradict the balance card. */}
        {demo ? (
          <Alert tone="info" testId="usage-sample-data">
            {t('usage.sampleData')}
          </Alert>
        ) : null}
        <UsageFilterBar
          filters={filters}
          onChange={changeFilters}
          now={now}
          system={system}
          kinds={kinds}
          models={models}
        />
        {asOfs.length > 0 ? (
          <UsageFreshness
            asOf={Math.min(...asOfs)}
            tz={filters.tz}
            refreshing={chart.isFetching || table.isFetching}
            onRefresh={() => void Promise.all([chart.refetch(), table.refetch()])}
          />
        ) : null}
        {reading ? (
          <div className="usage-reading card card-pad" role="status">
            <label htmlFor="usage-reading-bar">
              {t('usage.reading', { done: reading.done, total: reading.total })}
            </label>
            <progress
              id="usage-reading-bar"
              value={reading.done}
              max={reading.total}
              aria-describedby="usage-reading-why"
            />
            <Button onClick={stop}>{t('common.cancel')}</Button>
            <p className="usage-reading-why" id="usage-reading-why">
              {t('usage.readingWhy')}
            </p>
          </div>
        ) : null}
        {stats ? (
          <div className="usage-stats">
            <div className="card card-pad stat">
              <span className="stat-label">{t('usage.spent')}</span>
              <span className="stat-value" data-testid="usage-spent">
                {usd(stats.amountUsd)}
              </span>
            </div>
            <div className="card card-pad stat">
              <span className="stat-label">{t('usage.credits')}</span>
              <span className="stat-value">{credits(stats.credits)}</span>
            </div>
            <div className="card card-pad stat">
              <span className="stat-label">{t('usage.requests')}</span>
              <span className="stat-value">{count(stats.requests)}</span>
            </div>
          </div>
        ) : null}
        <section className="card card-pad" aria-labelledby="usage-chart-title">
          <h2 className="card-title" id="usage-chart-title">
            {t(chartBars === 'month' ? 'usage.byMonth' : 'usage.byDay')}
          </h2>
          {chart.isError ? (
            <Alert testId="usage-chart-error">
              {t('usage.chartFailed', { message: errorSentence(chart.error, t) })}
            </Alert>
          ) : chart.data ? (
            chart.data.report.items.length === 0 ? (
              <EmptyState icon="usage">
                <p>{t('usage.empty')}</p>
              </EmptyState>
            ) : (
              <UsageChart data={chartData(chart.data.report.items, filters.from, filters.to)} />
            )
          ) : (
            waiting
          )}
        </section>
        <section className="card card-pad" aria-labelledby="usage-table-title">
          <h2 className="card-title" id="usage-table-title">
            {t(`usage.tableTitle.${filters.groupBy}`)}
          </h2>
          {table.isError ? (
            <Alert testId="usage-table-error">
              {t('usage.tableFailed', { message: errorSentence(table.error, t) })}
            </Alert>
          ) : total ? (
            rows.length === 0 ? (
              <p className="muted">{t('usage.empty')}</p>
            ) : (
              <UsageTable
                caption={t(`usage.tableTitle.${filters.groupBy}`)}
                columns={columns}
                rows={rows}
                total={total}
              />
            )
          ) : (
            waiting
          )}
        </section>
      </div>
    </Page>
  );
}
