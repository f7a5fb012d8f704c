// spending.*: the user's limits, what was spent today and this month, and a press of Generate checked against
// them. Answers from the local database only; the limits are enforced by the engine whatever the renderer does.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function spendingHandlers({ spending }: HostDeps): BridgeHandlers['spending'] {
  const view = () => ({ limits: spending.limits(), systemTimeZone: spending.systemTimeZone() });
  return {
    limits: () => Promise.resolve(view()),
    setLimits: (limits) => {
      spending.setLimits(limits);
      return Promise.resolve(view());
    },
    summary: () => Promise.resolve(spending.summary()),
    check: ({ requests }) => Promise.resolve(spending.check(requests)),
  };
}
