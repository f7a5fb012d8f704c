// A task past its poll budget (the engine's checkedEveryMs on the row): the Tasks page says it is still running
// and how often it is checked, so a long task at the same percentage never looks stuck; a task within its budget,
// and one that has ended, say nothing of it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleTask } from '../bridge/fixture-handlers';
import { showTasks, useFeedLayout } from './feed-layout';

useFeedLayout();

// Eleven and a half minutes ago: "12 min" whatever the few milliseconds the render takes.
const startedAt = () => Date.now() - 11.5 * 60_000;

describe('a task past its poll budget', () => {
  it('says it is still running, for how long, and how often it is checked', async () => {
    showTasks([
      {
        ...sampleTask,
        id: 'slow',
        params: { prompt: 'a slow tide' },
        createdAt: startedAt(),
        checkedEveryMs: 180_000,
      },
    ]);
    const row = await screen.findByRole('article', { name: /a slow tide$/ });
    expect(within(row).getByTestId('task-slow-checks')).toHaveTextContent(
      'Still running after 12 min · checked every 3 min',
    );
    expect(within(row).getByTestId('task-state')).toHaveTextContent('Generating');
  });

  it('says nothing of it within the budget, nor once the task has ended', async () => {
    showTasks([
      { ...sampleTask, id: 'young', params: { prompt: 'a quick sketch' }, createdAt: startedAt() },
      {
        ...sampleTask,
        id: 'ended',
        params: { prompt: 'a finished tide' },
        state: 'completed',
        progress: 100,
        completedAt: Date.now(),
        createdAt: startedAt(),
        checkedEveryMs: 180_000,
      },
    ]);
    await screen.findByRole('article', { name: /a quick sketch$/ });
    await screen.findByRole('article', { name: /a finished tide$/ });
    expect(screen.queryByTestId('task-slow-checks')).toBeNull();
  });
});
