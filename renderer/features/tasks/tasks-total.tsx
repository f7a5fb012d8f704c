// Above the task list: how many tasks it holds (every page, not only those loaded) and what they cost
// together ("40 tasks · 1.20 USD, 3 with unknown cost"), over the gateway in use as budgets are, saying how
// many were sent to other gateways. A failed task is not charged, so not unknown.
import type { ReactElement } from 'react';
import { CostTotalLine } from '../../ui/cost-total-line';
import { useTaskTotal } from './api/task-total';

export function TasksTotal(): ReactElement | null {
  const total = useTaskTotal().data;
  if (!total || (total.count === 0 && total.elsewhere === 0)) return null;
  return <CostTotalLine total={total} of="tasks" testId="tasks-total" />;
}
