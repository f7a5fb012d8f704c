// An agent's paid call carries a key so that a retry (a client that timed out and asks again, a reconnect) finds
// the task the first call wrote instead of paying again. The engine keeps one task per key (tasks/submission.ts);
// this turns what the agent gave into such a key. The tool name is part of it, so one string reused for two
// different tools never makes them answer for each other, and hashing keeps any text the agent sent (bounded
// before it gets here) out of the row.
import { createHash } from 'node:crypto';
import { isSubmissionKey } from '../../../shared/studio/submission-key';

/**
 * Where the key comes from: the agent's own (a retry sends it again) or, without one, the call's request id with
 * its session (request ids start again at 0 in every session, so the id alone would name another call's task).
 */
export type AgentKeySource =
  { kind: 'caller'; key: string } | { kind: 'request'; session: string; id: string | number };

export function agentSubmissionKey(tool: string, source: AgentKeySource): string {
  const seed =
    source.kind === 'caller'
      ? `caller\u0000${source.key}`
      : `request\u0000${source.session}\u0000${String(source.id)}`;
  const digest = createHash('sha256').update(`${tool}\u0000${seed}`).digest('base64url').slice(0, 40);
  const key = `agent-${digest.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  // The rule the engine holds every key to (letters, digits, '-' and '_', 16 to 128): true by construction.
  if (!isSubmissionKey(key)) throw new Error('agent key out of the submission key rule');
  return key;
}
