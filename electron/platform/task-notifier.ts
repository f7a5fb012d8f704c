// Desktop notifications when a task completes or fails. Only transitions seen by this run count, so reopening
// the app does not replay yesterday's results as a burst of notifications.
import type { Language } from './notification-text';
import { notificationText } from './notification-text';
import type { StudioEvent, TaskRecord } from '../../shared/studio/records';

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

const ANNOUNCED = new Set(['completed', 'failed']);

function describe(task: TaskRecord): string {
  const prompt = typeof task.params.prompt === 'string' ? task.params.prompt.trim() : '';
  const short = prompt.length > 80 ? `${prompt.slice(0, 79)}…` : prompt;
  return short || task.model;
}

export function startTaskNotifier(options: TaskNotifierOptions): () => void {
  const lastState = new Map<string, string>();
  return options.subscribe((event) => {
    if (event.type !== 'task') return;
    const { task } = event;
    const previous = lastState.get(task.id);
    lastState.set(task.id, task.state);
    if (!ANNOUNCED.has(task.state) || previous === task.state) return;
    if (previous === undefined && task.updatedAt < options.startedAt) return;
    if (!options.sink.isSupported()) return;
    const text = notificationText(options.language());
    if (task.state === 'completed') options.sink.show(text.completed, describe(task));
    else options.sink.show(text.failed, task.error?.message ?? describe(task));
  });
}
