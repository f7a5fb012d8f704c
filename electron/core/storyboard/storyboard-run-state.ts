// A board run as the runner holds it in memory: the kept record (storyboard-run-store.ts, with the cancel a
// restart must keep) and its plan, the promise of its drive (resolved by its job where runs are durable), and
// the part waiting in the queue that a cancel takes out. A new run starts with every part waiting; a retry sets
// the failed part back to waiting under a new key.
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
  /** Resolves `done` where the run is driven by its job: once the drive ended, or the job did without one. */
  finished?: () => void;
  /**
   * The job's runner ended under the drive (the app quitting): nothing more is sent or kept by this process, and
   * the job, handed back untried, takes the run up at the next start from what was kept.
   */
  detached?: boolean;
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

/** Between parts: a cancelled run stops saying so; one whose runner ended stops (and keeps nothing more). */
export function stopIfCancelled(running: Running): void {
  if (running.cancelled || running.detached) throw new GatewayError(cancelledByPerson());
}

/** A cancelled run that no drive will stop (its job never ran, or a restart found it): it stops now, saying so. */
export function stopCancelled(running: Running): void {
  running.cancelled = true;
  running.run.state = 'failed';
  running.run.error = cancelledByPerson();
  for (const slot of running.run.shots) if (slot.state === 'running') slot.state = 'waiting';
}
