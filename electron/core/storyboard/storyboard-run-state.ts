// A board run as the runner holds it in memory: the kept record (storyboard-run-store.ts) with its plan, the
// promise of its drive, and what a cancel needs (its flag and the part waiting in the queue). A new run starts
// with every part waiting; a retry sets the failed part back to waiting under a new key.
import { randomUUID } from 'node:crypto';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { CastMemberDraft } from '../../../shared/studio/cast';
import type { Storyboard } from '../../../shared/studio/storyboard';
import type { StoryboardPlan } from './storyboard-plan';
import type { StoredStoryboardRun } from './storyboard-run-store';
import { cancelledByPerson } from './storyboard-stops';

export interface Running extends StoredStoryboardRun {
  plan: StoryboardPlan;
  done: Promise<void>;
  /** The person cancelled the rest: nothing more is sent (a part already at the gateway finishes). */
  cancelled?: boolean;
  /** The part waiting in the engine's queue, which a cancel takes out before it costs anything. */
  queued?: { cancel(): unknown } | null;
}

export function newRunning(
  board: Storyboard,
  cast: readonly CastMemberDraft[],
  plan: StoryboardPlan,
  options: { overBudget?: boolean; now: number },
): Running {
  return {
    run: {
      id: randomUUID(),
      name: board.name,
      state: 'running',
      shots: board.shots.map(() => ({
        state: 'waiting',
        taskId: null,
        itemId: null,
        firstFrame: null,
        error: null,
      })),
      narration: board.shots.map(() => null),
      music: board.music ? { state: 'waiting', taskId: null } : null,
      cutItemId: null,
      editList: null,
      finalCutXml: null,
      error: null,
      notes: plan.notes,
      startedAt: options.now,
    },
    board,
    cast: [...cast],
    overBudget: options.overBudget ?? false,
    attempts: 0,
    shotKeys: board.shots.map(() => null),
    musicKey: null,
    narrationPaths: board.shots.map(() => null),
    plan,
    done: Promise.resolve(),
  };
}

/** The failed part waits again: a new attempt is a new paid task under its own key; the failed task stays. */
export function resetFailed(running: Running): void {
  running.run.shots.forEach((slot, i) => {
    if (slot.state !== 'failed') return;
    Object.assign(slot, { state: 'waiting', taskId: null, error: null });
    running.shotKeys[i] = null;
  });
  if (running.run.music?.state === 'failed') {
    running.run.music = { state: 'waiting', taskId: null };
    running.musicKey = null;
  }
  running.run.state = 'running';
  running.run.error = null;
  running.cancelled = false;
}

export function stopIfCancelled(running: Running): void {
  if (running.cancelled) throw new GatewayError(cancelledByPerson());
}
