// Every prompt sent, for any family and for speech text, with when it was sent and what it made. It is fed from
// the core's events (a task row's first appearance, a new speech take filed), so whatever submits (the app,
// web mode, the CLI) is remembered the same way, failed tasks and undownloaded results included.
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { isFamilyId } from '../../../shared/catalog/families';
import {
  PROMPT_HISTORY_LIMIT,
  PROMPT_TEXT_MAX,
  type PromptHistoryEntry,
  type PromptHistoryQuery,
} from '../../../shared/studio/prompt-history';
import { taskStateSchema, type StudioEvent } from '../../../shared/studio/records';
import { systemClock, type Clock } from '../clock';
import { transaction, type DatabaseSync } from '../db/database';
import { firstItemOfTask, itemCost } from '../library/library-reads';
import { taskOutcome } from '../tasks/task-costs';

const MAX_TEXT = PROMPT_TEXT_MAX;

export interface PromptSend {
  text: string;
  family: FamilyId;
  sentAt: number;
  taskId?: string;
  itemId?: string;
}

interface Row {
  text: string;
  family: string;
  sent_at: number;
  uses: number;
  pinned: number;
  task_id: string | null;
  item_id: string | null;
  state: string | null;
  cost: number | null;
  credits_cost: number | null;
  made_item: string | null;
}

/** Escapes LIKE's wildcards so what a person types is matched as text. */
const likeText = (words: string): string => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class PromptHistory {
  readonly #db: DatabaseSync;
  readonly #clock: Clock;

  constructor(options: { db: DatabaseSync; clock?: Clock }) {
    this.#db = options.db;
    this.#clock = options.clock ?? systemClock;
  }

  /** Keeps one send; a task or speech take already kept is not kept twice. Empty text is not a prompt. */
  record(send: PromptSend): void {
    const text = send.text.trim().slice(0, MAX_TEXT);
    if (!text) return;
    this.#db
      .prepare(
        `INSERT OR IGNORE INTO prompt_history (text, family, task_id, item_id, sent_at) VALUES (?, ?, ?, ?, ?)`,
      )
      .run(text, send.family, send.taskId ?? null, send.itemId ?? null, send.sentAt);
  }

  /**
   * What a core event says was sent: a task (its prompt; the text of a family without one is not a prompt)
   * or a new speech take (its text). Every other event says nothing to the history.
   */
  recordEvent(event: StudioEvent): void {
    if (event.type === 'task') {
      const { task } = event;
      const prompt = task.params.prompt;
      if (typeof prompt === 'string') {
        this.record({ text: prompt, family: task.family, sentAt: task.createdAt, taskId: task.id });
      }
    } else if (event.type === 'library' && event.change === 'added' && event.item.kind === 'speech') {
      const { item } = event;
      if (item.prompt) {
        this.record({ text: item.prompt, family: item.family, sentAt: item.createdAt, itemId: item.id });
      }
    }
  }

  /** The latest use of each text, pinned ones first, then newest; filtered by words the text contains. */
  list(query: PromptHistoryQuery = {}): PromptHistoryEntry[] {
    const search = query.search?.trim() ?? '';
    const limit = Math.min(query.limit ?? PROMPT_HISTORY_LIMIT, PROMPT_HISTORY_LIMIT);
    const texts = query.texts ?? 'all';
    // SQLite takes the bare columns of a MAX() aggregate from the row holding the maximum: the latest send.
    const rows = this.#db
      .prepare(
        `SELECT h.text, h.family, MAX(h.sent_at) AS sent_at, COUNT(*) AS uses, h.task_id, h.item_id,
                (p.text IS NOT NULL) AS pinned
           FROM prompt_history h LEFT JOIN prompt_pins p ON p.text = h.text
          WHERE (? = '' OR h.text LIKE ? ESCAPE '\\')
            AND (? = 'all' OR (? = 'speech') = (h.family = 'speech'))
          GROUP BY h.text
          ORDER BY pinned DESC, sent_at DESC
          LIMIT ?`,
      )
      .all(search, likeText(search), texts, texts, limit) as unknown as Omit<
      Row,
      'state' | 'cost' | 'credits_cost' | 'made_item'
    >[];
    const db = this.#db;
    return rows.flatMap((row) => {
      if (!isFamilyId(row.family)) return [];
      // The tasks' and the library's own modules read their tables.
      const t = row.task_id ? taskOutcome(db, row.task_id) : null;
      const spoken = row.item_id ? itemCost(db, row.item_id) : null;
      const made = row.task_id ? firstItemOfTask(db, row.task_id) : spoken;
      const state = taskStateSchema.safeParse(t?.state);
      return [
        {
          text: row.text,
          family: row.family,
          sentAt: Number(row.sent_at),
          uses: Number(row.uses),
          pinned: Number(row.pinned) === 1,
          taskId: row.task_id,
          state: state.success ? state.data : null,
          cost: t?.cost ?? spoken?.cost ?? null,
          creditsCost: t?.credits_cost ?? spoken?.credits_cost ?? null,
          itemId: made?.id ?? null,
        },
      ];
    });
  }

  /** Pins or unpins a text: pinned prompts stay at the top of the list. */
  pin(text: string, pinned: boolean): void {
    if (pinned) {
      this.#db
        .prepare('INSERT OR IGNORE INTO prompt_pins (text, pinned_at) VALUES (?, ?)')
        .run(text, this.#clock.now());
    } else {
      this.#db.prepare('DELETE FROM prompt_pins WHERE text = ?').run(text);
    }
  }

  /** Forgets a text: every send of it and its pin. The tasks and files it made stay. */
  forget(text: string): number {
    return transaction(this.#db, () => {
      this.#db.prepare('DELETE FROM prompt_pins WHERE text = ?').run(text);
      return Number(this.#db.prepare('DELETE FROM prompt_history WHERE text = ?').run(text).changes);
    });
  }

  /** Forgets the whole history, pins included. */
  forgetAll(): number {
    return transaction(this.#db, () => {
      this.#db.exec('DELETE FROM prompt_pins');
      return Number(this.#db.prepare('DELETE FROM prompt_history').run().changes);
    });
  }
}
