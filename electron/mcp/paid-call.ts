// How a paid tool sends: the per-session cap first (core/agents, on the spending guard's estimate), then the
// engine's submission under a key derived from the agent's (so a retry answers with the same task), where the
// budgets and the confirmation threshold are asked in the transaction that writes the task, as for the app.
// Above the threshold the person is asked through the client (MCP elicitation); a client that cannot ask gets
// the refusal with the estimate and what the person can do. Past a budget nothing is sent: an agent never
// sends "over budget".
import { SpendStopped } from '../../shared/studio/spend-stopped';
import { withoutConfirmAsk } from '../../shared/studio/spending';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { agentSubmissionKey, capVerdict } from '../core/agents';
import type { ToolCall } from './tool-registry';
import { ToolRefusal } from './tool-registry';

/** What the person may do when an agent's call needs an approval the client cannot ask for. */
export const HOW_TO_APPROVE =
  'An agent cannot approve it itself: the person can approve it in a client that asks for confirmation (MCP ' +
  "elicitation), raise the confirmation threshold in the studio's Settings › Spending limits, or send it from " +
  'the studio.';

const BUDGET_ADVICE =
  "An agent never sends past a budget; the person can change the budgets in the studio's Settings › Spending limits.";

export interface PaidSend<T> {
  /** The key the agent gave ("idempotency_key"); the call's request id keys it otherwise. */
  callerKey: string | undefined;
  /** The requests this call sends, all measured together. */
  requests: readonly SubmissionRequest[];
  /** Sends them under `key`; `confirmed` once the person approved. */
  send(key: string, confirmed: boolean): Promise<T>;
  /** What a repeat of this key already wrote (a retried call), or null. */
  held(key: string): T | null;
  /** What the session counts for each request, in order (a task's id, a recipe run's step). */
  counted(sent: T): readonly string[];
}

async function approve(call: ToolCall, sentence: string): Promise<void> {
  const answer = await call.ask(`${sentence} Send it?`);
  if (answer === 'approved') return;
  if (answer === 'declined') throw new ToolRefusal(`Not sent: the person declined. ${sentence}`);
  throw new ToolRefusal(`Not sent: ${sentence} ${HOW_TO_APPROVE}`);
}

/** Sends a paid call's requests through the core's rules; what it wrote (or a retry's earlier answer). */
export async function sendPaid<T>(call: ToolCall, tool: string, paid: PaidSend<T>): Promise<T> {
  const { studio } = call;
  const key = agentSubmissionKey(
    tool,
    paid.callerKey === undefined
      ? { kind: 'request', session: call.session, id: call.requestId }
      : { kind: 'caller', key: paid.callerKey },
  );
  const earlier = paid.held(key);
  // A retry of a call that already wrote its tasks: the same tasks, nothing asked, nothing sent, nothing counted.
  if (earlier !== null) return earlier;
  const configurations = paid.requests.map((r) => ({ family: r.family, model: r.model, params: r.params }));
  const session = studio.agents.get(call.session);
  let confirmed = false;
  if (session) {
    const verdict = capVerdict(session, studio.guard.check(configurations));
    if (verdict.kind === 'refused') throw new ToolRefusal(verdict.sentence);
    if (verdict.kind === 'ask') {
      await approve(call, verdict.sentence);
      confirmed = true;
    }
  }
  // Each task counts in the session at what the guard estimated it at before it went.
  const estimates = configurations.map((c) => studio.guard.check([c]).estimate);
  let sent: T;
  try {
    sent = await paid.send(key, confirmed);
  } catch (thrown) {
    if (!(thrown instanceof SpendStopped)) throw thrown;
    if (thrown.stop.kind === 'budget') throw new ToolRefusal(`${thrown.message} ${BUDGET_ADVICE}`);
    await approve(call, withoutConfirmAsk(thrown.message));
    sent = await paid.send(key, true);
  }
  paid.counted(sent).forEach((id, i) => studio.agents.count(call.session, id, estimates[i] ?? null));
  return sent;
}
