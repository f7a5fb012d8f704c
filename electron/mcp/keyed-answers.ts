// A paid call whose result the engine keeps no key for (a recipe's runs, a speech take) is keyed in the studio's
// database (core/agents/agent-answers.ts): the key is claimed before anything is sent, answered with what was
// started, and freed again when the call was refused before sending. A second process, or this one after a
// restart, finds the answer and sends nothing.
import type { AgentAnswers } from '../core/agents';
import { ToolRefusal } from './tool-registry';

/** Sends under a claimed key; the ids of what was started, or the first call's when the key was claimed. */
export async function underClaim(
  answers: AgentAnswers,
  key: string,
  tool: string,
  start: () => Promise<readonly string[]>,
): Promise<string[]> {
  const claim = answers.claim(key, tool);
  if (claim.kind === 'held') {
    if (claim.ids) return claim.ids;
    throw new ToolRefusal(
      `A ${tool} call with this idempotency_key is being sent, or was cut off while it was sent; it is not sent ` +
        'again. Give a new key to send another.',
    );
  }
  let ids: readonly string[];
  try {
    ids = await start();
  } catch (thrown) {
    // Nothing was started: a call that may go (the person approved, the limits changed) can use the key.
    answers.release(key);
    throw thrown;
  }
  answers.answer(key, ids);
  return [...ids];
}
