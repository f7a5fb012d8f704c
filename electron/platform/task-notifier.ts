// Desktop notifications when a task is done, done with files missing, or failed: its outcome (shared rule), so a
// task is announced as finished only once every file is saved. Only transitions seen by this run count, so
// reopening the app does not replay yesterday's results as a burst of notifications.
import type { Language } from './notification-text';
import { notificationText } from './notification-text';
import type { StudioEvent, TaskRecord } from '../../shared/studio/records';
import { taskOutcome } from '../../shared/studio/task-outcome';

export interface NotificationSink {
  isSupported(): boolean;
  show(title: string, body: string): void;
}

export interface TaskNotifierOptions {
  subscribe(listener: (event: StudioEvent) => void): () => void;
  sink: NotificationSink;
  language: () => Language;
  /** ms since epoch when the app started; tasks that finished before it are not announced. */
  startedAt: number;
}

const ANNOUNCED = new Set(['done', 'incomplete', 'failed']);

function describe(task: TaskRecord): string {
  const prompt = typeof task.params.prompt === 'string' ? task.params.prompt.trim() : '';
  const short = prompt.length > 80 ? `${prompt.slice(0, 79)}…` : prompt;
  return short || task.model;
}

export function startTaskNotifier(options: TaskNotifierOptions): () => void {
  const lastOutcome = new Map<string, string>();
  return options.subscribe((event) => {
    if (event.type !== 'task') return;
    const { task } = event;
    const outcome = taskOutcome(task);
    const previous = lastOutcome.get(task.id);
    lastOutcome.set(task.id, outcome);
    if (!ANNOUNCED.has(outcome) || previous === outcome) return;
    if (previous === undefined && task.updatedAt < options.startedAt) return;
    if (!options.sink.isSupported()) return;
    const text = notificationText(options.language());
    if (outcome === 'done') options.sink.show(text.completed, describe(task));
    else if (outcome === 'incomplete') {
      const { missing, total } = task.downloads;
      options.sink.show(text.incomplete, text.missingFiles(missing.length, total, describe(task)));
    } else options.sink.show(text.failed, task.error?.message ?? describe(task));
  });
}
