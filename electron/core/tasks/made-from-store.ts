// The made-from links between tasks, both ways. Written once by the engine when a task's row is written (the
// sources are facts of the submission, never changed afterwards); read by the library's viewer as a chain.
import { z } from 'zod';
import { MADE_FROM_RELATIONS } from '../../../shared/studio/made-from';
import type { MadeFromLink, MadeFromLinks } from '../../../shared/studio/made-from';
import type { DatabaseSync } from '../db/database';

const rowSchema = z.object({
  task_id: z.string(),
  relation: z.enum(MADE_FROM_RELATIONS),
  source_task_id: z.string(),
  source_item_id: z.string().nullable(),
});

export class MadeFromStore {
  private readonly statements;

  constructor(db: DatabaseSync) {
    this.statements = {
      insert: db.prepare(
        `INSERT OR IGNORE INTO task_sources (task_id, relation, source_task_id, source_item_id)
         VALUES (?, ?, ?, ?)`,
      ),
      from: db.prepare('SELECT * FROM task_sources WHERE task_id = ? ORDER BY seq'),
      to: db.prepare('SELECT * FROM task_sources WHERE source_task_id = ? ORDER BY seq'),
    };
  }

  /** Records a task's sources; a source named twice (the same reference in two fields) is kept once. */
  record(taskId: string, links: readonly MadeFromLink[]): void {
    for (const link of links)
      this.statements.insert.run(taskId, link.relation, link.taskId, link.itemId ?? '');
  }

  /** Both directions for one task, oldest link first. */
  links(taskId: string): MadeFromLinks {
    const from = this.statements.from.all(taskId).map((raw) => rowSchema.parse(nullEmpty(raw)));
    const to = this.statements.to.all(taskId).map((raw) => rowSchema.parse(nullEmpty(raw)));
    return {
      madeFrom: from.map((r) => ({
        relation: r.relation,
        taskId: r.source_task_id,
        itemId: r.source_item_id,
      })),
      madeFromThis: to.map((r) => ({ relation: r.relation, taskId: r.task_id, itemId: r.source_item_id })),
    };
  }
}

/** The item column holds '' for "the whole task" so the uniqueness constraint sees it (NULLs never collide). */
function nullEmpty(raw: Record<string, unknown>): Record<string, unknown> {
  return { ...raw, source_item_id: raw.source_item_id === '' ? null : raw.source_item_id };
}
