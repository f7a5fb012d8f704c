// What the studio says about its tasks as their events arrive, without chatter however many run at once
// (announcer.ts's throttle): a failed task is an error toast (role="alert", the only assertive speech), failures
// in one window making a single toast that counts them; finished tasks and progress (each running task's passing
// of a quarter) go to the polite live region as one line per window ("3 tasks finished.").
import type { TFunction } from 'i18next';
import type { BridgeEvent } from '../../shared/bridge';
import { isActiveState } from '../../shared/studio/records';
import { taskOutcome } from '../../shared/studio/task-outcome';
import { ANNOUNCE_WINDOW_MS, announce, Throttle, type Timers, type Words } from './announcer';
import { taskFailureSentence } from './bridge-error';

export class TaskAnnouncements {
  /** Each task's outcome as last seen, to speak of a change once (a failed task's later events say nothing). */
  private readonly outcomes = new Map<string, string>();
  /** Running tasks' progress, by id: the polite line says how many and how far on average. */
  private readonly running = new Map<string, number>();
  private readonly failures: Throttle;

  constructor(
    pushError: (text: string) => void,
    private readonly say: (key: string, words: Words) => void = announce,
    timers?: Timers,
  ) {
    this.failures = new Throttle(
      (messages) => {
        for (const message of messages) pushError(message);
      },
      ANNOUNCE_WINDOW_MS,
      timers,
    );
  }

  onEvent(event: BridgeEvent, t: TFunction): void {
    if (event.type !== 'task') return;
    const { task } = event;
    const outcome = taskOutcome(task);
    const before = this.outcomes.get(task.id);
    this.outcomes.set(task.id, outcome);
    const quarter = (progress: number) => Math.floor(progress / 25);
    const was = this.running.get(task.id);
    if (isActiveState(task.state)) this.running.set(task.id, task.progress);
    else this.running.delete(task.id);

    // A task the gateway refused at submission (no remote id) is explained by the form that sent it.
    if (task.state === 'failed' && task.error && task.remoteId !== null && before !== outcome) {
      const sentence = taskFailureSentence(task.error, t);
      this.failures.say('failed', (count) =>
        count === 1 ? sentence : t('tasks.announce.failed', { count, sentence }),
      );
    }
    if (outcome === 'done' && before !== undefined && before !== 'done') {
      this.say('done', (count) => t('tasks.announce.done', { count }));
    }
    if (this.running.has(task.id) && was !== undefined && quarter(task.progress) > quarter(was)) {
      const values = [...this.running.values()];
      const average = Math.round(values.reduce((sum, p) => sum + p, 0) / values.length);
      this.say('progress', () => t('tasks.announce.progress', { count: values.length, progress: average }));
    }
  }
}
