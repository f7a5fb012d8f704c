// Web mode's notices when a task ends, as the desktop app's (electron/platform/task-notifier.ts): done, done with
// files missing, or failed, by the task's outcome (shared rule), once per change this page saw; tasks that ended
// before the page opened are not announced. The browser's Notification API shows them; its permission is asked
// once, on the first press of Generate (a person's gesture), and a "no" is never asked again.
import type { TFunction } from 'i18next';
import type { BridgeEvent } from '../../shared/bridge';
import { taskOutcome } from '../../shared/studio/task-outcome';
import { transport } from './bridge';

const ASKED = 'studio.notifications.asked';
const ANNOUNCED = new Set(['done', 'incomplete', 'failed']);

/** Whether this page may show notices: web mode (the desktop app shows its own), a browser that has them. */
function supported(): boolean {
  return transport === 'web' && typeof window !== 'undefined' && 'Notification' in window;
}

/** Asks for the permission the first time only; the browser keeps the answer, and a "no" stays a no. */
export function askNotificationsOnce(): void {
  if (!supported() || Notification.permission !== 'default') return;
  try {
    if (localStorage.getItem(ASKED)) return;
    localStorage.setItem(ASKED, '1');
  } catch {
    // Storage refused (a private window's quota): the browser's own answer still stops a second prompt.
  }
  void Notification.requestPermission().catch(() => undefined);
}

function describe(params: Record<string, unknown>, model: string): string {
  const prompt = typeof params.prompt === 'string' ? params.prompt.trim() : '';
  return (prompt.length > 80 ? `${prompt.slice(0, 79)}…` : prompt) || model;
}

export class WebTaskNotifier {
  private readonly outcomes = new Map<string, string>();

  constructor(
    private readonly startedAt: number,
    private readonly show: (title: string, body: string) => void = (title, body) => {
      new Notification(title, { body });
    },
  ) {}

  onEvent(event: BridgeEvent, t: TFunction): void {
    if (event.type !== 'task') return;
    const { task } = event;
    const outcome = taskOutcome(task);
    const previous = this.outcomes.get(task.id);
    this.outcomes.set(task.id, outcome);
    if (!ANNOUNCED.has(outcome) || previous === outcome) return;
    if (previous === undefined && task.updatedAt < this.startedAt) return;
    if (!supported() || Notification.permission !== 'granted') return;
    const what = describe(task.params, task.model);
    if (outcome === 'done') this.show(t('notices.completed'), what);
    else if (outcome === 'incomplete') {
      const { missing, total } = task.downloads;
      this.show(t('notices.incomplete'), t('notices.missingFiles', { missing: missing.length, total, what }));
    } else this.show(t('notices.failed'), task.error?.message ?? what);
  }
}
