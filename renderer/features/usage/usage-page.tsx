// Usage: what generations cost over a period, by day (a chart) and by model (a table), for this key or the
// whole account ([EP-USAGE-PARAM-1..6]). Queried at most once a minute, as the gateway asks ([LIM-3]).
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorSentence } from '../../lib/bridge-error';
import { formatCredits, formatUsd } from '../../lib/format';
import { useUsage } from './api/get-usage';
import { useNow } from '../../lib/use-now';
import { Alert } from '../../ui/alert';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { Segmented } from '../../ui/segmented';
import './usage.css';

const RANGES = ['1', '7', '30'] as const;
type Range = (typeof RANGES)[number];
type Scope = 'key' | 'account';

const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;
const REDUCED_MOTION = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function UsagePage(): ReactElement {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<Range>('7');
  const [scope, setScope] = useState<Scope>('key');
  // Whole minutes, so one period maps to one query key for a minute and the gateway's cache can answer.
  const end = Math.floor(useNow(60_000) / 60_000) * 60;
  const start = end - Number(range) * 86_400;
  const byDate = useUsage({ start, end, groupBy: 'date', tz: TZ, scope });
  const byModel = useUsage({ start, end, groupBy: 'model', tz: TZ, scope });

  const report = byDate.data?.report;
  const days = [...(report?.items ?? [])].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  const models = byModel.data?.report.items ?? [];
  const usd = (amount: number) => t('usage.usd', { amount: formatUsd(amount, i18n.language) });

  return (
    <Page
      title={t('usage.title')}
      subtitle={t('usage.subtitle')}
      actions={
        <div className="usage-controls">
          <Segmented
            name="usage-range"
            label={t('usage.range')}
            value={range}
            onChange={setRange}
            options={RANGES.map((r) => ({ value: r, label: t(`usage.ranges.${r}`) }))}
          />
          <Segmented
            name="usage-scope"
            label={t('usage.scope')}
            value={scope}
            onChange={setScope}
            options={(['key', 'account'] as const).map((s) => ({ value: s, label: t(`usage.scopes.${s}`) }))}
          />
        </div>
      }
    >
      {byDate.isError ? <Alert>{errorSentence(byDate.error, t)}</Alert> : null}
      {!report ? (
        byDate.isPending ? (
          <p className="muted">{t('common.loading')}</p>
        ) : null
      ) : (
        <div className="usage">
          <div className="usage-stats">
            <div className="card card-pad stat">
              <span className="stat-label">{t('usage.spent')}</span>
              <span className="stat-value" data-testid="usage-spent">
                {usd(report.total.amountUsd)}
              </span>
            </div>
            <div className="card card-pad stat">
              <span className="stat-label">{t('usage.credits')}</span>
              <span className="stat-value">{formatCredits(report.total.credits, i18n.language)}</span>
            </div>
            <div className="card card-pad stat">
              <span className="stat-label">{t('usage.requests')}</span>
              <span className="stat-value">{formatCredits(report.total.requests, i18n.language)}</span>
            </div>
          </div>
          {byDate.data?.cache === 'hit' ? <p className="usage-note">{t('usage.cached')}</p> : null}
          <section className="card card-pad">
            <h2 className="card-title">{t('usage.byDay')}</h2>
            {days.length === 0 ? (
              <EmptyState icon="usage">
                <p>{t('usage.empty')}</p>
              </EmptyState>
            ) : (
              <div className="usage-chart" data-testid="usage-chart">
                <ResponsiveContainer width="100%" height={260}>
                  <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                    <defs>
                      <linearGradient id="usage-bar" x1="0" y1="0" x2="0" y2="1">
                        <stop offset="0%" style={{ stopColor: 'var(--accent-2)' }} />
                        <stop offset="100%" style={{ stopColor: 'var(--accent)' }} />
                      </linearGradient>
                    </defs>
                    <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
                    <XAxis
                      dataKey="date"
                      tickLine={false}
                      axisLine={false}
                      tick={{ fill: 'var(--text-faint)', fontSize: 12 }}
                    />
                    <YAxis
                      width={56}
                      tickLine={false}
                      axisLine={false}
                      tick={{ fill: 'var(--text-faint)', fontSize: 12 }}
                      tickFormatter={(v: number) => formatUsd(v, i18n.language)}
                    />
                    <Tooltip
                      cursor={{ fill: 'var(--bg-hover)' }}
                      contentStyle={{
                        background: 'var(--bg-elevated)',
                        border: '1px solid var(--border)',
                        borderRadius: 8,
                        color: 'var(--text)',
                      }}
                      formatter={(value) => [usd(Number(value)), t('usage.amount')]}
                    />
                    <Bar
                      dataKey="amountUsd"
                      fill="url(#usage-bar)"
                      radius={[6, 6, 0, 0]}
                      maxBarSize={42}
                      isAnimationActive={!REDUCED_MOTION}
                    />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            )}
          </section>
          {models.length > 0 ? (
            <section className="card card-pad">
              <h2 className="card-title">{t('usage.byModel')}</h2>
              <table className="usage-table">
                <thead>
                  <tr>
                    <th>{t('usage.model')}</th>
                    <th>{t('usage.requests')}</th>
                    <th>{t('usage.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {models.map((m) => (
                    <tr key={m.model ?? ''}>
                      <td className="mono">{m.model}</td>
                      <td>{formatCredits(m.requests, i18n.language)}</td>
                      <td>{formatUsd(m.amountUsd, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
        </div>
      )}
    </Page>
  );
}
