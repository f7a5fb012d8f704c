// The money answers the bridge reads beside the limits, reckoned here rather than in a handler: which gateway's
// tasks a total counts (the gateway in use, as budgets count, the others apart) and what each queued item is
// priced at (the book of the gateway in use). A handler that picked the gateway or priced the queue itself held a
// money rule the CLI and a second shell would each have had to copy.
import type { TaskCostTotal } from '../../../shared/studio/cost-totals';
import type { TaskState } from '../../../shared/studio/records';
import type { GatewayPrices } from '../pricing/gateway-prices';
import type { TaskConfiguration } from '../tasks/task-history';
import type { TaskEngine } from '../tasks/task-engine';

/** A configuration's estimate for the queue's view: USD and seconds, null when nothing tells. */
export interface QueuedEstimate {
  usd: number | null;
  seconds: number | null;
}

export interface CoreMoney {
  /** What the task list (in these states) cost, summed over the gateway in use; other gateways counted apart. */
  taskCosts(states?: readonly TaskState[]): TaskCostTotal;
  /** Each queued configuration priced by the book of the gateway in use. */
  queueEstimates(tasks: readonly TaskConfiguration[]): readonly QueuedEstimate[];
}

export interface CoreMoneyParts {
  engine: Pick<TaskEngine, 'costTotal'>;
  prices: Pick<GatewayPrices, 'estimate'>;
  /** The gateway whose prices and budgets apply ('demo' or its base URL); null when none is set up. */
  gatewayKey: () => string | null;
}

export function coreMoney({ engine, prices, gatewayKey }: CoreMoneyParts): CoreMoney {
  return {
    taskCosts: (states) => {
      const gateway = gatewayKey();
      return engine.costTotal({ ...(states ? { states } : {}), ...(gateway === null ? {} : { gateway }) });
    },
    queueEstimates: (tasks) =>
      tasks.length === 0 ? [] : prices.estimate(tasks).items.map((e) => ({ usd: e.usd, seconds: e.seconds })),
  };
}
