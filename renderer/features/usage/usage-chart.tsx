// Spending per day, one stacked bar per day and one colour per model ([UREP-9] model,date items). Every day
// of the range has its bar, zero where nothing was billed, so a quiet day reads as quiet, not as missing.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useGatewayCurrency } from '../../lib/api/balance';
import { usdShownAs, usdWords } from '../../lib/money-shown';
import { barLabel, type ChartData } from './usage-view';

/** Distinct in both themes; a range with more models than colours repeats them in legend order. */
const PALETTE = [
  '#6d4aff',
  '#e0489f',
  '#15935c',
  '#e08a1e',
  '#2f80ed',
  '#9b51e0',
  '#d43c4b',
  '#00a3a3',
  '#8a8a99',
];

const REDUCED_MOTION =
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function UsageChart({ data }: { data: ChartData }): ReactElement {
  const { t, i18n } = useTranslation();
  const shown = useGatewayCurrency() ?? 'usd';
  const usd = (amount: number) => usdWords(amount, shown, 'usage.usd', t, i18n.language);
  const axis = new Intl.NumberFormat(i18n.language, { maximumSignificantDigits: 3 });
  const first = data.days[0]?.date ?? '';
  const last = data.days.at(-1)?.date ?? '';
  return (
    <div
      className="usage-chart"
      data-testid="usage-chart"
      data-days={data.days.length}
      data-bucket={data.bucket}
      role="img"
      aria-label={t(data.bucket === 'month' ? 'usage.chartLabelMonths' : 'usage.chartLabel', {
        count: data.days.length,
        from: first,
        to: last,
      })}
    >
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data.days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis
            dataKey="date"
            tickLine={false}
            axisLine={false}
            minTickGap={16}
            tick={{ fill: 'var(--text-faint)', fontSize: 12 }}
            tickFormatter={(d: string) => barLabel(d, data, i18n.language)}
          />
          <YAxis
            width={60}
            tickLine={false}
            axisLine={false}
            tick={{ fill: 'var(--text-faint)', fontSize: 12 }}
            // Ticks are round numbers: three significant digits read better than the money rule's 0.5500.
            tickFormatter={(v: number) => axis.format(usdShownAs(v, shown))}
          />
          <Tooltip
            cursor={{ fill: 'var(--bg-hover)' }}
            contentStyle={{
              background: 'var(--bg-elevated)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--text)',
            }}
            formatter={(value, name) => [usd(Number(value)), String(name)]}
            labelFormatter={(d) => barLabel(String(d), { ...data, spansYears: true }, i18n.language)}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {data.models.map((model, i) => (
            <Bar
              key={model}
              dataKey={model}
              stackId="usd"
              fill={PALETTE[i % PALETTE.length]}
              maxBarSize={42}
              isAnimationActive={!REDUCED_MOTION}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
