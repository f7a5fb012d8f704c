// A row's time line: a running task says when it started; one that has ended says when it ended and how long it
// took, never "Started now" (the line a completed task showed before).
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../shared/studio/records';
import { TasksPage } from '../../renderer/features/tasks/tasks-page';
import { fixtureHandlers, sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge, stubResizeObserver } from './render';

const layout = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
};
beforeEach(() => {
  // jsdom lays nothing out: the feed's virtualiser needs a window height and a row height to render rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'MAIN' ? 800 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'ARTICLE' ? 160 : 0;
    },
  });
  stubResizeObserver();
});
afterEach(() => {
  for (const [name, descriptor] of Object.entries(layout)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
});

function showTasks(tasks: TaskRecord[]) {
  serveBridge({ tasks: { ...fixtureHandlers().tasks, list: async () => ({ tasks, total: tasks.length }) } });
  return renderWithStudio(
    <main>
      <TasksPage />
    </main>,
  );
}

const MINUTE = 60_000;

describe("a task row's time line", () => {
  it('says when a running task started, and when a finished one finished and how long it took', async () => {
    const startedAt = Date.now() - 120 * MINUTE;
    showTasks([
      {
        ...sampleTask,
        id: 'running',
        params: { prompt: 'a running fox' },
        createdAt: Date.now() - 10 * MINUTE,
      },
      {
        ...sampleTask,
        id: 'done',
        params: { prompt: 'a finished fox' },
        state: 'completed',
        progress: 100,
        createdAt: startedAt,
        completedAt: startedAt + 3 * MINUTE,
        updatedAt: startedAt + 4 * MINUTE,
      },
      {
        ...sampleTask,
        id: 'stopped',
        params: { prompt: 'a stopped fox' },
        state: 'stopped',
        createdAt: Date.now() - 30 * MINUTE,
        completedAt: null,
        updatedAt: Date.now() - 25 * MINUTE,
      },
    ]);
    const running = await screen.findByRole('article', { name: /a running fox$/ });
    expect(within(running).getByText('Started 10 minutes ago')).toBeVisible();

    const done = await screen.findByRole('article', { name: /a finished fox$/ });
    expect(within(done).getByText('Finished 2 hours ago · took 3 min')).toBeVisible();
    expect(within(done).queryByText(/^Started/)).toBeNull();

    // No completion time from the gateway: it ended when it was last changed.
    const stopped = await screen.findByRole('article', { name: /a stopped fox$/ });
    expect(within(stopped).getByText('Finished 25 minutes ago · took 5 min')).toBeVisible();
  });
});
