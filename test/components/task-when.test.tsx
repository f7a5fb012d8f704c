// A row's time line: a running task says when it started; one that has ended says when it ended and how long it
// took, never "Started now" (the line a completed task showed before).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleTask } from '../bridge/fixture-handlers';
import { showTasks, useFeedLayout } from './feed-layout';

useFeedLayout();

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
