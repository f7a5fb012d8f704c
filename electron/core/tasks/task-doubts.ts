// A task answer that contradicts itself is asked again before it is believed. The real gateway says `failed`
// for a moment while already carrying the result links (and `completed` on the next poll), and says `completed`
// before the links are written (they come on the next poll). Believing the first answer fails a paid task, or
// calls it a success without files. So the tracker asks again a bounded number of times, a little apart, then
// decides on the last answer read: a `failed` that still carries links stays failed and says so
// (shared/gateway/task-failure.ts), a `completed` that still has none is "no result files".
import type { TaskSnapshot } from '../../../shared/gateway/normalized';

/** The waits before each extra ask: three answers in all, the last about 3 s after the first. */
export const DOUBT_WAITS_MS = [1_000, 2_000] as const;

export type TaskDoubt = 'failed-with-links' | 'completed-without-links';

export function doubtOf(snapshot: TaskSnapshot): TaskDoubt | null {
  if (snapshot.status === 'failed' && (snapshot.linksWhileFailed ?? 0) > 0) return 'failed-with-links';
  if (snapshot.status === 'completed' && snapshot.files.length === 0) return 'completed-without-links';
  return null;
}

/** The doubtful answers a tracker holds, per task: how many extra asks were spent, and the last such answer. */
export class TaskDoubts {
  readonly #held = new Map<string, { asks: number; snapshot: TaskSnapshot }>();

  /**
   * The wait before asking again when `snapshot` contradicts itself and asks are left; null when it is to be
   * believed (it does not contradict itself, or the asks are spent). Either way a null forgets the task.
   */
  askAgainIn(id: string, snapshot: TaskSnapshot): number | null {
    const asks = this.#held.get(id)?.asks ?? 0;
    const wait = doubtOf(snapshot) === null ? undefined : DOUBT_WAITS_MS[asks];
    if (wait === undefined) {
      this.#held.delete(id);
      return null;
    }
    this.#held.set(id, { asks: asks + 1, snapshot });
    return wait;
  }

  /** Whether an extra ask is pending for the task. */
  has(id: string): boolean {
    return this.#held.has(id);
  }

  /**
   * The held answer, forgotten: a later ask that failed (a 502, an unreadable body) ends the asking and this is
   * decided on, since the doubt was about the task, not about the gateway being up.
   */
  take(id: string): TaskSnapshot | null {
    const held = this.#held.get(id);
    this.#held.delete(id);
    return held?.snapshot ?? null;
  }

  forget(id: string): void {
    this.#held.delete(id);
  }
}
