// One cost as the user reads money (USD or credits, as Settings say), or "cost unknown" where the gateway's
// charge is not known (a speech take the usage report did not show, a task that never reported one).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { costWords } from '../lib/cost-words';
import { useSettings } from '../lib/api/settings';
import type { MoneyUnit } from '../../shared/studio/spending';

export type { MoneyUnit };

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
