// The words for what generations cost, pure (no React, no bridge) so they are tested as users read them: one
// cost ("0.0400 USD", "0.40 credits", "cost unknown") and a view's total ("12 items · 0.48 USD, 2 with
// unknown cost"). Amounts follow the one rule for decimals (shared/studio/money-text.ts).
import type { TFunction } from 'i18next';
import type { CostTotal, TaskCostTotal } from '../../shared/studio/cost-totals';
import { formatUsd } from './format';
import { usdWords, type MoneyShown } from './money-shown';

/** The words for an amount; credits only when the user prefers them and they are known; else the gateway's money. */
export function costWords(
  usd: number | null,
  credits: number | null,
  unit: MoneyShown,
  t: TFunction,
  language: string,
): string {
  if (usd === null && credits === null) return t('costs.unknown');
  if ((unit === 'credits' && credits !== null) || usd === null) {
    return t('costs.credits', { amount: formatUsd(credits ?? 0, language) });
  }
  return usdWords(usd, unit, 'costs.usd', t, language);
}

/** A view's count and total; how many have no known cost is said apart, never counted as 0. */
export function costTotalWords(
  total: CostTotal | TaskCostTotal,
  of: 'items' | 'tasks',
  unit: MoneyShown,
  t: TFunction,
  language: string,
): string {
  const elsewhere = 'elsewhere' in total ? total.elsewhere : 0;
  if (total.count === 0 && elsewhere > 0) return t('costs.noneHere', { count: elsewhere });
  const amount = costWords(total.usd, total.credits, unit, t, language);
  const head = t(of === 'items' ? 'costs.libraryTotal' : 'costs.tasksTotal', { count: total.count, amount });
  // All unknown: the amount already says "cost unknown".
  const known = total.usd !== null || total.credits !== null;
  const withUnknown =
    known && total.unknown > 0 ? head + t('costs.totalUnknown', { count: total.unknown }) : head;
  // Tasks of other gateways are in the list but not in the sum, and the line says so.
  return elsewhere > 0 ? withUnknown + t('costs.elsewhere', { count: elsewhere }) : withUnknown;
}
