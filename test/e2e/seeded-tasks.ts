// A studio database holding many finished tasks, written through the real TaskStore before the studio opens it
// (as a long-used studio would have them): the Tasks feed's browser test and the tasks bench start from it.
import { join } from 'node:path';
import { transaction } from '../../electron/core/db';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { stampTaskGateway } from '../../electron/core/tasks/task-costs';
import { TaskStore } from '../../electron/core/tasks/task-store';
import { newTask } from '../support/new-task';

/** Task i (1 = the oldest) is `seeded-<i>`, its prompt `prompt(i)`; stopped, so the engine leaves them alone. */
export function seedTasks(dataDir: string, count: number, prompt: (i: number) => string): void {
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  try {
    const store = new TaskStore(db);
    const start = Date.UTC(2026, 10, 1, 9, 0, 0);
    transaction(db, () => {
      for (let i = 1; i <= count; i++) {
        const id = `seeded-${String(i).padStart(5, '0')}`;
        store.insert(
          newTask({ id, params: { prompt: prompt(i) }, createdAt: start + i * 60_000 }),
          'stopped',
        );
        // Sent to a live gateway, before this studio was switched to the demo.
        stampTaskGateway(db, id, 'https://gateway.example');
      }
    });
  } finally {
    db.close();
  }
}
