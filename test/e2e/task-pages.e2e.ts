/// <reference lib="dom" />
// The Tasks page once stopped at 200 tasks and never said there were more. With 230 tasks in the
// studio's own database (written there before it opens, as a long-used studio would have them) the page shows
// the newest 200 and says "Showing 200 of 230 tasks"; Load more brings the rest, down to the very first task.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskStore } from '../../electron/core/tasks/task-store';
import { stampTaskGateway } from '../../electron/core/tasks/task-costs';
import { goTo, useDemoStudio } from './demo-studio';

const SEEDED = 230;

/** Stopped tasks: the engine leaves them alone, so the list is exactly what was written. */
function seedTasks(dataDir: string): void {
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  try {
    const store = new TaskStore(db);
    const start = Date.UTC(2026, 10, 1, 9, 0, 0);
    for (let i = 1; i <= SEEDED; i++) {
      store.insert(
        {
          id: `seeded-${String(i).padStart(3, '0')}`,
          family: 'image.i3',
          model: 'image_model_id_i3',
          kind: 'image',
          endpoint: 'tasks',
          params: { prompt: `Seeded lighthouse number ${i}` },
          webhook: null,
          idempotencyKey: null,
          parentTaskId: null,
          createdAt: start + i * 60_000,
        },
        'stopped',
      );
      // Sent to a live gateway, before this studio was switched to the demo.
      stampTaskGateway(db, `seeded-${String(i).padStart(3, '0')}`, 'https://gateway.example');
    }
  } finally {
    db.close();
  }
}

const { studio, page } = useDemoStudio(0.05, undefined, seedTasks);

describe('the Tasks page with more than one page of tasks', () => {
  it('shows how many of how many, and Load more brings the rest down to the first task', async () => {
    await goTo(page, 'Tasks');
    const rows = page.getByTestId('task-row');
    const shown = page.getByTestId('tasks-shown');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toBe('Showing 200 of 230 tasks');
    // Budgets count per gateway, so does the total: the live gateway's tasks are listed, not summed with the demo.
    await expect
      .poll(() => page.getByTestId('tasks-total').textContent())
      .toBe('No tasks on this gateway; 230 tasks sent to other gateways are not counted');
    expect(await rows.count()).toBe(200);
    await page.getByText('Seeded lighthouse number 230', { exact: true }).waitFor();
    expect(await page.getByText('Seeded lighthouse number 1', { exact: true }).count()).toBe(0);

    const loadMore = page.getByRole('button', { name: 'Load more tasks' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toBe('Showing 230 of 230 tasks');
    expect(await rows.count()).toBe(SEEDED);
    await page.getByText('Seeded lighthouse number 1', { exact: true }).scrollIntoViewIfNeeded();
    await expect.poll(() => loadMore.count()).toBe(0);
    await studio.shot('task-pages-01-all-loaded');
    expect(studio.pageErrors).toEqual([]);
  });
});
