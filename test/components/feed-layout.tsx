// jsdom lays nothing out: the Tasks feed's virtualiser reads the scrolling <main>'s clientHeight and each row's
// offsetHeight, and jsdom answers 0 for both, so no row would render. useFeedLayout stands in for a browser's
// layout (a window 800 px high scrolling rows 160 px high, and a ResizeObserver that observes nothing) around
// each test of a file, and puts jsdom's own back after it; showTasks renders the real Tasks page over a list.
import { afterEach, beforeEach, vi } from 'vitest';
import type { TaskRecord } from '../../shared/studio/records';
import { TasksPage } from '../../renderer/features/tasks/tasks-page';
import { fixtureHandlers } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge, stubResizeObserver } from './render';

export const FEED_WINDOW_PX = 800;
export const FEED_ROW_PX = 160;

export function useFeedLayout(): void {
  const layout = {
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
    offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
  };
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.tagName === 'MAIN' ? FEED_WINDOW_PX : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.tagName === 'ARTICLE' ? FEED_ROW_PX : 0;
      },
    });
    stubResizeObserver();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const [name, descriptor] of Object.entries(layout)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  });
}

/** The real Tasks page inside its scrolling <main>, over the bridge's fixture. */
export function renderTasksPage() {
  return renderWithStudio(
    <main>
      <TasksPage />
    </main>,
  );
}

/** The Tasks page listing exactly these tasks. */
export function showTasks(tasks: TaskRecord[]) {
  serveBridge({ tasks: { ...fixtureHandlers().tasks, list: async () => ({ tasks, total: tasks.length }) } });
  return renderTasksPage();
}
