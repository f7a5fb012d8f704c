// The press of Generate (and of Queue, a recipe's Run, a step tried again, the palette's Run again) as a plain
// class that React renders and calls, in the manner of tldraw's managers: no React here, only ports. One way to
// ask before money leaves (the spending check, then the question above the threshold or for a model with no
// estimate yet, a refusal past a budget), and one procedure that sends a planned press, its styles riding with
// each request so they are kept in the transaction that writes the task (shared/studio/press.ts plans it).
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { TaskStyles } from '../../../shared/studio/presets';
import {
  askThenSend,
  type AskOutcome,
  type AskSpending,
  type PressMode,
  type PressPlan,
} from '../../../shared/studio/press';
import type { TaskRecord } from '../../../shared/studio/records';
import type { SpendCheck } from '../../../shared/studio/spending';
import type { PressKeys } from '../../lib/press-keys';

/** The bridge's four ways a press leaves, each keeping the styles it is given with the task it writes. */
export interface PressSenders {
  submit: (
    input: SubmissionRequest & { confirmed: boolean; key: string; styles?: TaskStyles },
  ) => Promise<TaskRecord>;
  submitEdit: (input: {
    request: SubmissionRequest;
    editOf: string;
    confirmed: boolean;
    key: string;
    styles?: TaskStyles;
  }) => Promise<TaskRecord>;
  submitBatch: (input: {
    requests: SubmissionRequest[];
    confirmed: boolean;
    key: string;
    compare: boolean;
    styles?: (TaskStyles | null)[];
  }) => Promise<{ batchId: string; tasks: TaskRecord[] }>;
  queue: (input: {
    requests: SubmissionRequest[];
    confirmed: boolean;
    key: string;
    batch: boolean;
    styles?: (TaskStyles | null)[];
  }) => Promise<{ ids: string[] }>;
}

export interface PressPorts {
  /** The spending check of what would be sent, asked fresh at each press. */
  check: (requests: readonly SubmissionRequest[]) => Promise<SpendCheck>;
  ask: AskSpending;
  send: PressSenders;
  /** One key per press until it is answered (renderer/lib/press-keys.ts). */
  keys: PressKeys;
}

/** How a sent press was answered. */
export type PressAnswer =
  | { kind: 'queued'; count: number }
  | { kind: 'task'; task: TaskRecord }
  | { kind: 'batch'; mode: Exclude<PressMode, 'one'>; batchId: string; size: number; tasks: TaskRecord[] };

export interface PressOptions {
  /** Queue pressed: the press waits in the submission queue instead of being sent. */
  toQueue?: boolean;
  /** The task whose settings the form was opened with (Edit and run again): the new one records it. */
  editOf?: string | null;
}

export class PressController {
  constructor(private readonly ports: PressPorts) {}

  /** A planned press, measured by its total, asked about, then sent with its styles by the one procedure. */
  press(plan: PressPlan, options: PressOptions = {}): Promise<AskOutcome<PressAnswer>> {
    return askThenSend(
      this.ports.ask,
      () => this.ports.check(plan.requests),
      (confirmed) => this.send(plan, confirmed, options),
    );
  }

  /** The one procedure that sends a press: one task, an edit, a batch or compare group, or the queue. */
  async send(plan: PressPlan, confirmed: boolean, options: PressOptions = {}): Promise<PressAnswer> {
    const { send, keys } = this.ports;
    const { requests, mode } = plan;
    const styles = plan.styles.some((s) => s !== null) ? plan.styles : undefined;
    if (options.toQueue) {
      const press = { queue: requests };
      const key = keys.keyFor(press);
      await send.queue({ requests, confirmed, key, batch: mode !== 'one', ...(styles ? { styles } : {}) });
      keys.answered(press);
      return { kind: 'queued', count: requests.length };
    }
    if (mode !== 'one') {
      const press = { batch: requests };
      const key = keys.keyFor(press);
      const sent = await send.submitBatch({
        requests,
        confirmed,
        key,
        compare: mode === 'compare',
        ...(styles ? { styles } : {}),
      });
      keys.answered(press);
      return { kind: 'batch', mode, batchId: sent.batchId, size: requests.length, tasks: sent.tasks };
    }
    const [request] = requests;
    if (!request) throw new Error('A press sends at least one request.');
    const kept = plan.styles[0] ?? null;
    const withStyles = kept ? { styles: kept } : {};
    // One key per press: a repeat before the answer (double click, a retry after a dropped connection) is the
    // same press and gets the same task; once answered, the next press is a new take.
    const editOf = options.editOf ?? null;
    const press = { request, editOf };
    const key = keys.keyFor(press);
    const task = editOf
      ? await send.submitEdit({ request, editOf, confirmed, key, ...withStyles })
      : await send.submit({ ...request, confirmed, key, ...withStyles });
    keys.answered(press);
    return { kind: 'task', task };
  }
}
