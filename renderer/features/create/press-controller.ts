// The press of Generate (and of Queue) as a plain class that React renders and calls, in the manner of tldraw's
// managers: no React here, only ports. One way to ask before money leaves (the spending check of what the plan
// would send, then the question above the threshold or for a model with no estimate yet, a refusal past a
// budget), and one bridge procedure that sends the press whole (press.send): the core plans the same intent again
// with the same planner (shared/studio/press.ts), asks the limits in the transaction that writes it and keeps
// the styles of each request with its task. Nothing here chooses how a press leaves.
import type { ModelConfig } from '../../../shared/catalog';
import type { PressAnswer } from '../../../shared/bridge/press-schemas';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import {
  askThenSend,
  planIntent,
  type AskOutcome,
  type AskSpending,
  type PressIntent,
  type PressProblem,
} from '../../../shared/studio/press';
import type { SpendCheck } from '../../../shared/studio/spending';
import type { PressKeys } from '../../lib/press-keys';
import type { PressSendInput } from './api/press-send';

export type { PressAnswer } from '../../../shared/bridge/press-schemas';

export interface PressPorts {
  /** The spending check of what would be sent, asked fresh at each press. */
  check: (requests: readonly SubmissionRequest[]) => Promise<SpendCheck>;
  ask: AskSpending;
  /** The one procedure a press leaves by (press.send). */
  send: (input: PressSendInput) => Promise<PressAnswer>;
  /** One key per press until it is answered (renderer/lib/press-keys.ts). */
  keys: PressKeys;
}

/** How a press ended: it could not go as made (why, before anything was asked), or how it was asked and sent. */
export type PressOutcome = { status: 'cannot'; problem: PressProblem } | AskOutcome<PressAnswer>;

export class PressController {
  constructor(private readonly ports: PressPorts) {}

  /**
   * A press as the person made it: planned (to measure what it would send, or to say why it cannot go), asked
   * about, then sent whole. `models`: the model ids in effect, which "Also run on…" sends each model as.
   */
  async press(intent: PressIntent, models: ModelConfig = {}): Promise<PressOutcome> {
    const planned = planIntent(intent, models);
    if (!planned.ok) return { status: 'cannot', problem: planned.problem };
    const { requests } = planned.plan;
    return askThenSend(
      this.ports.ask,
      () => this.ports.check(requests),
      (confirmed) => this.send(intent, confirmed),
    );
  }

  /** Sends the press by the one procedure, under its key. */
  async send(intent: PressIntent, confirmed: boolean): Promise<PressAnswer> {
    const { send, keys } = this.ports;
    // One key per press: a repeat before the answer (double click, a retry after a dropped connection) is the
    // same press and gets the same answer; once answered, the next press is a new take.
    const key = keys.keyFor(intent);
    const answer = await send({ intent, confirmed, key });
    keys.answered(intent);
    return answer;
  }
}
