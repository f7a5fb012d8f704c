// One cost as the user reads money (USD or credits, as Settings say), or "cost unknown" where the gateway's
// charge is not known (a speech take the usage report did not show, a task that never reported one).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatUsd } from '../lib/format';
import { useSettings } from '../lib/api/settings';

export type MoneyUnit = 'usd' | 'credits';

/** The words for an amount; credits only when the user prefers them and they are known. */
export function costWords(
  usd: number | null,
  credits: number | null,
  unit: MoneyUnit,
  t: TFunction,
  language: string,
): string {
  if (usd === null && credits === null) return t('costs.unknown');
  if ((unit === 'credits' && credits !== null) || usd === null) {
    return t('costs.credits', { amount: formatUsd(credits ?? 0, language) });
  }
  return t('costs.usd', { amount: formatUsd(usd, language) });
}

/** The user's money unit, from Settings (USD until they are read). */
export function useMoneyUnit(): MoneyUnit {
  return useSettings().data?.balanceUnit ?? 'usd';
}

export function CostText({
  usd,
  credits,
  testId,
}: {
  usd: number | null;
  credits: number | null;
  testId?: string;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const unit = useMoneyUnit();
  return (
    <span className="cost-text" data-testid={testId} data-known={usd !== null || credits !== null}>
      {costWords(usd, credits, unit, t, i18n.language)}
    </span>
  );
}
