// A task's cost where tasks are listed (Tasks page, Create's preview): what the gateway charged, in USD or
// credits as the user prefers; "not charged" for a failed task ([STATE-7]); "cost unknown" otherwise.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '../../shared/studio/records';
import { CostText } from './cost-text';
import './costs.css';

export function TaskCost({ task }: { task: TaskRecord }): ReactElement {
  const { t } = useTranslation();
  if (task.cost === null && task.creditsCost === null && task.state === 'failed') {
    return (
      <span className="cost-text" data-testid="task-cost" data-known="true">
        {t('costs.notCharged')}
      </span>
    );
  }
  return <CostText usd={task.cost} credits={task.creditsCost} testId="task-cost" />;
}
