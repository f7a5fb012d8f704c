// The cap on what one agent session may spend. The amount a call would add is the spending guard's own estimate
// (spending/spending-guard.ts check()), in the limits' unit, so the cap and the budgets agree on what a task
// costs; the budgets and the confirmation threshold themselves are asked by the engine when the task is written.
import { moneyText } from '../../../shared/studio/money-text';
import type { AgentSessionView } from '../../../shared/studio/agents';
import type { SpendCheck } from '../../../shared/studio/spending';

export type CapVerdict =
  | { kind: 'within' }
  /** Past the cap: not sent, whatever anyone says (a new session starts a new cap). */
  | { kind: 'refused'; sentence: string }
  /** Nothing can tell whether the cap holds (no estimate): the person is asked. */
  | { kind: 'ask'; sentence: string };

/** Whether a call estimated at `check` may go in this session. */
export function capVerdict(session: AgentSessionView, check: SpendCheck): CapVerdict {
  const { cap, unit } = session;
  if (cap === null) return { kind: 'within' };
  const spent = moneyText(session.spent, unit);
  const limit = moneyText(cap, unit);
  const adds = check.estimate ?? 0;
  if (session.spent + adds > cap) {
    return {
      kind: 'refused',
      sentence:
        `Not sent: this agent session may spend at most ${limit}; it has spent about ${spent} and this would add ` +
        `about ${moneyText(adds, unit)}. A new session starts a new cap; the person can change the cap where the ` +
        'server is started (Settings › Agents in the app, --session-cap for gateway-studio mcp).',
    };
  }
  if (check.unknown > 0 || session.unpriced > 0) {
    const models = check.unpricedModels.length ? ` (${check.unpricedModels.join(', ')})` : '';
    return {
      kind: 'ask',
      sentence:
        check.unknown > 0
          ? `There is no estimate yet for this model${models}, so this session's cap of ${limit} cannot be kept by arithmetic.`
          : `A task this session sent has no estimate yet, so its cap of ${limit} cannot be kept by arithmetic.`,
    };
  }
  return { kind: 'within' };
}
