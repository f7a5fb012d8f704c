// The journal of deletions, so a crash in the middle of one never leaves files nothing knows about. A deletion
// is written here first (the rows it takes out, each file's move into the pending folder), then the files
// move, then the rows leave the index in the same transaction that marks the entry 'pending'; an undo marks it
// 'restoring', moves the files back, and puts the rows back in the transaction that ends the entry. A start
// that finds an entry whose writer is gone finishes or rolls back what was under way (library-bulk.ts sweep):
// 'moving' is rolled back (its rows are still there, its files go back beside them), 'restoring' is finished,
// 'pending' keeps its undo window if it is still open and otherwise goes on to the trash.
import { rm } from 'node:fs/promises';
import type { DatabaseSync } from 'node:sqlite';
import type { TimerHandle } from '../clock';
import { pathExists } from '../path-exists';
import type { Row } from './library-rows';
import { processAlive } from '../process-alive';

export interface Move {
  from: string;
  to: string;
}

/** A deletion inside its undo window, held by this process until the window ends. */
export interface PendingDeletion {
  id: string;
  dir: string;
  rows: Row[];
  moved: Move[];
  undoUntil: number;
  timer: TimerHandle;
  /** Left by a process that stopped, and kept open by this one at its start. */
  recovered?: true;
}

export type JournalState = 'moving' | 'pending' | 'restoring';

export interface JournalEntry {
  id: string;
  state: JournalState;
  rows: Row[];
  /** While 'moving': every move planned; once 'pending': the moves that happened. */
  moves: Move[];
  dir: string;
  undoUntil: number;
  /** The process that wrote it: an entry of a live process (the CLI beside the app) is left to it. */
  pid: number;
  createdAt: number;
}

/** An entry 'moving' or 'restoring' this old is a dead writer's, whatever its process id says (ids are reused). */
const WRITER_TIMEOUT_MS = 60 * 60 * 1000;

export const TRASH_JOURNAL_MIGRATION = {
  id: 'library-trash-journal',
  up: `
CREATE TABLE library_trash_journal (
  id TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('moving', 'pending', 'restoring')),
  rows TEXT NOT NULL,
  moves TEXT NOT NULL,
  dir TEXT NOT NULL,
  undo_until INTEGER NOT NULL,
  pid INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
`,
};

interface JournalRow {
  id: string;
  state: string;
  rows: string;
  moves: string;
  dir: string;
  undo_until: number;
  pid: number;
  created_at: number;
}

export class TrashJournal {
  constructor(
    private readonly db: DatabaseSync,
    private readonly now: () => number,
  ) {}

  /** Before the first file moves: what the deletion takes out and where each file goes. */
  begin(entry: Pick<JournalEntry, 'id' | 'rows' | 'moves' | 'dir' | 'undoUntil'>): void {
    this.db
      .prepare(
        `INSERT INTO library_trash_journal (id, state, rows, moves, dir, undo_until, pid, created_at)
         VALUES (?, 'moving', ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.id,
        JSON.stringify(entry.rows),
        JSON.stringify(entry.moves),
        entry.dir,
        entry.undoUntil,
        process.pid,
        this.now(),
      );
  }

  /** The files moved and (in the caller's transaction) the rows went: the deletion waits out its window. */
  committed(id: string, moved: readonly Move[]): void {
    this.db
      .prepare("UPDATE library_trash_journal SET state = 'pending', moves = ? WHERE id = ?")
      .run(JSON.stringify(moved), id);
  }

  /** An undo began: the files are on their way back. */
  restoring(id: string): void {
    this.db
      .prepare("UPDATE library_trash_journal SET state = 'restoring', pid = ? WHERE id = ?")
      .run(process.pid, id);
  }

  /** The deletion is over (undone, in the trash, or rolled back). */
  end(id: string): void {
    this.db.prepare('DELETE FROM library_trash_journal WHERE id = ?').run(id);
  }

  /** A 'pending' entry adopted by this process after its writer stopped. */
  adopt(id: string): void {
    this.db.prepare('UPDATE library_trash_journal SET pid = ? WHERE id = ?').run(process.pid, id);
  }

  all(): JournalEntry[] {
    const rows = this.db
      .prepare('SELECT * FROM library_trash_journal ORDER BY created_at')
      .all() as unknown as JournalRow[];
    return rows.map((row) => ({
      id: row.id,
      state: row.state as JournalState,
      rows: JSON.parse(row.rows) as Row[],
      moves: JSON.parse(row.moves) as Move[],
      dir: row.dir,
      undoUntil: Number(row.undo_until),
      pid: Number(row.pid),
      createdAt: Number(row.created_at),
    }));
  }

  /** Whether the process that wrote the entry may still be at work on it (this one counts as alive). */
  writerAlive(entry: JournalEntry): boolean {
    if (entry.pid === process.pid) return true;
    if (entry.state !== 'pending' && this.now() - entry.createdAt > WRITER_TIMEOUT_MS) return false;
    return processAlive(entry.pid);
  }
}

/** What recovering a deletion needs from the library's bulk actions. */
export interface RecoveryActions {
  /** An entry this process holds open now: not a stopped writer's. */
  mine: (id: string) => boolean;
  now: () => number;
  moveBack: (moved: readonly Move[]) => Promise<unknown>;
  /** The files still away back, then the rows, ending the entry. */
  restore: (entry: JournalEntry, away: readonly Move[]) => Promise<void>;
  /** Keeps an open undo window open in this process. */
  keep: (entry: JournalEntry) => void;
  /** Sends a pending folder's files on to the trash. */
  discard: (dir: string) => Promise<void>;
}

/**
 * Each entry whose writer is gone: 'moving' rolled back (its rows never left: the files go back beside them),
 * 'restoring' finished, 'pending' kept while its window is open (Undo still works), else sent to the trash.
 */
export async function recoverDeletions(journal: TrashJournal, actions: RecoveryActions): Promise<void> {
  for (const entry of journal.all()) {
    if (actions.mine(entry.id) || journal.writerAlive(entry)) continue;
    const away = await stillAway(entry);
    if (entry.state === 'moving') {
      await actions.moveBack(away);
      journal.end(entry.id);
      await rm(entry.dir, { recursive: true, force: true });
    } else if (entry.state === 'restoring') {
      await actions.restore(entry, away);
      await rm(entry.dir, { recursive: true, force: true });
    } else if (entry.undoUntil > actions.now()) {
      journal.adopt(entry.id);
      actions.keep(entry);
    } else {
      await actions.discard(entry.dir);
      journal.end(entry.id);
    }
  }
}

/** The moves whose file is still in the pending folder; a copy left beside its original (EXDEV cut short) goes. */
async function stillAway(entry: JournalEntry): Promise<Move[]> {
  const away: Move[] = [];
  for (const move of entry.moves) {
    if (!(await pathExists(move.to))) continue;
    if (entry.state === 'moving' && (await pathExists(move.from))) await rm(move.to, { force: true });
    else away.push(move);
  }
  return away;
}
