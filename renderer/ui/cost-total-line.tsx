// One line saying what a view's generations cost together: "12 items · 0.48 USD, 2 with unknown cost" above
// the library grid, "40 tasks · 1.20 USD" on the Tasks page. In USD or credits as the user prefers (credits
// only when every known charge has them), by the one rule for decimals; what is unknown is said, never 0.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CostTotal, TaskCostTotal } from '../../shared/studio/cost-totals';
import { costTotalWords } from '../lib/cost-words';
import { useMoneyUnit } from './cost-text';
import './costs.css';

export function CostTotalLine({
  total,
  of,
  testId,
}: {
  total: CostTotal | TaskCostTotal;
  of: 'items' | 'tasks';
  testId: string;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const unit = useMoneyUnit();
  return (
    <p className="cost-total" data-testid={testId} aria-live="polite">
      {costTotalWords(total, of, unit, t, i18n.language)}
    </p>
  );
}
