// One cost as the user reads money (credits as Settings say, else the gateway's currency), or "cost unknown" where the gateway's
// charge is not known (a speech take the usage report did not show, a task that never reported one).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { costWords } from '../lib/cost-words';
import { useSettings } from '../lib/api/settings';
import { useGatewayCurrency } from '../lib/api/balance';
import type { MoneyShown } from '../lib/money-shown';

/** How the user reads money: credits when Settings say so, else the gateway's currency (USD until it says). */
export function useMoneyUnit(): MoneyShown {
  const chosen = useSettings().data?.balanceUnit ?? 'usd';
  const currency = useGatewayCurrency();
  return chosen === 'credits' ? 'credits' : (currency ?? 'usd');
}

interface CostProps {
  usd: number | null;
  credits: number | null;
  testId?: string;
}

export function CostText(props: CostProps): ReactElement {
  return <CostWords {...props} unit={useMoneyUnit()} />;
}

/**
 * A cost in the unit given: for a list that shows many (the library grid's tiles), which reads the unit once
 * instead of each tile asking the settings and both balances on every render.
 */
export function CostWords({ usd, credits, unit, testId }: CostProps & { unit: MoneyShown }): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <span className="cost-text" data-testid={testId} data-known={usd !== null || credits !== null}>
      {costWords(usd, credits, unit, t, i18n.language)}
    </span>
  );
}
