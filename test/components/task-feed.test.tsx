// The Tasks page with 10 000 tasks, through the real page, query and bridge contract (only the handler answering
// tasks.list is a fixture): the feed keeps a window of rows in the DOM, each row says its place among all
// 10 000, and the keyboard steps the focus through rows that were not rendered before the key.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TASK_PAGE_SIZE } from '../../shared/bridge/contract';
import type { TaskRecord } from '../../shared/studio/records';
import { fixtureHandlers, sampleTask } from '../bridge/fixture-handlers';
import { serveBridge } from './render';
import { renderTasksPage, useFeedLayout } from './feed-layout';

const TOTAL = 10_000;

const task = (i: number): TaskRecord => ({
  ...sampleTask,
  id: `task-${i}`,
  remoteId: `remote-${i}`,
  state: 'completed',
  progress: 100,
  params: { prompt: `Lighthouse number ${i}` },
  createdAt: sampleTask.createdAt - i * 60_000,
});

useFeedLayout();
beforeEach(() => {
  serveBridge({
    tasks: {
      ...fixtureHandlers().tasks,
      list: async (query?: { offset?: number; limit?: number }) => {
        const offset = query?.offset ?? 0;
        const limit = query?.limit ?? TASK_PAGE_SIZE;
        const tasks = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) =>
          task(offset + i),
        );
        return { tasks, total: TOTAL };
      },
    },
  });
});

const rows = () => screen.getAllByRole('article');
const focusedRow = () => document.activeElement?.closest('article') ?? null;

describe('the Tasks feed at 10 000 tasks', () => {
  it('keeps only a window of rows in the DOM, each saying its place among all the tasks', async () => {
    renderTasksPage();
    const feed = await screen.findByRole('feed', { name: 'Tasks' });
    await within(feed).findByRole('article', { name: /Lighthouse number 0$/ });
    expect(screen.getByTestId('tasks-shown')).toHaveTextContent(`Showing ${TASK_PAGE_SIZE} of 10000 tasks`);
    const shown = rows();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(25);
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
    expect(shown[0]).toHaveAttribute('aria-setsize', String(TOTAL));
    // Named by family, state and prompt, as a screen reader moving through the feed reads it.
    expect(shown[0]).toHaveAccessibleName('Image I3 Completed Lighthouse number 0');
  });

  it('steps the focus with Page Down and ↓ into rows not rendered before, and End reaches the last loaded row', async () => {
    renderTasksPage();
    const first = await screen.findByRole('article', { name: /Lighthouse number 0$/ });
    act(() => first.focus());
    const before = rows().length;
    for (let i = 1; i <= 30; i += 1) {
      fireEvent.keyDown(focusedRow() ?? document.body, { key: i % 2 ? 'PageDown' : 'ArrowDown' });
      await waitFor(() => expect(focusedRow()).toHaveAttribute('aria-posinset', String(i + 1)));
    }
    expect(focusedRow()).toHaveAccessibleName(/Lighthouse number 30$/);
    // Still a window: the rows passed on the way are not all kept.
    expect(rows().length).toBeLessThanOrEqual(before + 1);

    fireEvent.keyDown(focusedRow() ?? document.body, { key: 'End' });
    await waitFor(() => expect(focusedRow()).toHaveAttribute('aria-posinset', String(TASK_PAGE_SIZE)));
    expect(rows().length).toBeLessThan(25);
    fireEvent.keyDown(focusedRow() ?? document.body, { key: 'PageUp' });
    await waitFor(() => expect(focusedRow()).toHaveAttribute('aria-posinset', String(TASK_PAGE_SIZE - 1)));
    fireEvent.keyDown(focusedRow() ?? document.body, { key: 'Home' });
    await waitFor(() => expect(focusedRow()).toHaveAttribute('aria-posinset', '1'));
  });

  it('Page Down works from a button inside a row; ↓ there is left to the button', async () => {
    renderTasksPage();
    const first = await screen.findByRole('article', { name: /Lighthouse number 0$/ });
    const button = within(first).getByRole('button', { name: 'Run again' });
    act(() => button.focus());
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'PageDown' });
    await waitFor(() => expect(focusedRow()).toHaveAttribute('aria-posinset', '2'));
  });
});
