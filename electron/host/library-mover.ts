// Changing the library folder moves the library there: its files and the index that points at them, with the
// engine stopped meanwhile (CoreLifecycle.relocate), progress to show, and, when a file cannot move, everything
// put back where it was (core/library/library-move.ts). A move a quit or crash cut short is resumed at the
// next start, or rolled back when it cannot be.
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { LibraryMovePlan, LibraryMoveStatus } from '../../shared/bridge/session-schemas';
import { localError } from '../../shared/bridge/errors';
import type { DatabaseSync } from '../core/db';
import { rebaseTaskFilePaths } from '../core/downloads';
import { moveTargetProblem, realFolder } from '../core/library/library-folder';
import type { FolderProblem } from '../core/library/library-folder';
import {
  filesUnder,
  finishLibraryMove,
  journaledMove,
  moveLibrary,
  rollBackLibraryMove,
} from '../core/library/library-move';
import { shelvedItems, switchLibrary } from '../core/library/library-shelf';
import type { CoreLifecycle } from './core-lifecycle';
import type { StudioSession } from './studio-session';

const IDLE: LibraryMoveStatus = {
  state: 'idle',
  ...{ from: null, to: null, files: 0, totalFiles: 0, bytes: 0, totalBytes: 0, error: null },
};

/** A folder the library cannot use, said at the settings field. */
const refusal = (problem: FolderProblem) =>
  localError('invalid_request_error', problem.message, {
    code: `library_folder_${problem.reason}`,
    param: 'libraryDir',
  });

export class LibraryMover {
  #status: LibraryMoveStatus = IDLE;

  constructor(
    private readonly deps: {
      db: DatabaseSync;
      core: CoreLifecycle;
      session: StudioSession;
      log: (message: string) => void;
    },
  ) {}

  status(): LibraryMoveStatus {
    return this.#status;
  }

  /** Where the library is and would go, and what moving it takes; a BridgeError when the folder cannot take it. */
  async plan(libraryDir: string | null): Promise<LibraryMovePlan> {
    const { session, core } = this.deps;
    const from = core.libraryDir();
    const to = session.libraryDir({ ...session.settings.get(), libraryDir });
    const journaled = journaledMove(this.deps.db);
    const context = { home: homedir(), dataDir: session.dataDir };
    const problem = await moveTargetProblem(from, to, context, journaled?.to === to);
    // A folder that holds a library left there earlier can only be switched to, so its files are expected.
    const waiting = realFolder(from) === realFolder(to) ? 0 : shelvedItems(this.deps.db, to);
    if (problem && !(problem.reason === 'not_empty' && waiting > 0)) throw refusal(problem);
    const moves = realFolder(from) !== realFolder(to);
    const files = moves ? await filesUnder(from) : [];
    return { from, to, moves, files: files.length, bytes: files.reduce((n, f) => n + f.size, 0), waiting };
  }

  /**
   * Uses `libraryDir` without moving a file: the library in use is shelved under its folder and the folder's own
   * (left there earlier) comes back, or an empty one starts (core/library/library-shelf.ts).
   */
  async switchTo(libraryDir: string | null): Promise<void> {
    const { session, core, db } = this.deps;
    const from = core.libraryDir();
    const to = session.libraryDir({ ...session.settings.get(), libraryDir });
    const context = { home: homedir(), dataDir: session.dataDir };
    // Its files may already be there (a library left in it): only a folder that could never hold one is refused.
    const problem = await moveTargetProblem(from, to, context, true);
    if (problem) throw refusal(problem);
    if (realFolder(from) === realFolder(to)) return;
    await core.relocate(async () => {
      await mkdir(to, { recursive: true }); // the check above made none
      switchLibrary(db, from, to);
      await session.settings.update({ libraryDir });
    });
  }

  /** Moves the library to `libraryDir` (null: the default folder) and stores the setting once it is there. */
  async move(libraryDir: string | null): Promise<void> {
    const plan = await this.plan(libraryDir);
    const { session, core, db } = this.deps;
    if (!plan.moves) {
      await session.settings.update({ libraryDir });
      return;
    }
    this.#status = { ...IDLE, state: 'moving', from: plan.from, to: plan.to, totalFiles: plan.files };
    try {
      await core.relocate(async () => {
        await this.#moveFiles(plan.from, plan.to);
        await session.settings.update({ libraryDir });
        await finishLibraryMove(db);
      });
      this.#status = { ...this.#status, state: 'done' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#status = { ...this.#status, state: 'failed', error: message };
      this.deps.log(`library: the move to ${plan.to} failed and was rolled back: ${message}`);
      throw localError(
        'internal_error',
        `The library could not move to ${plan.to}, so it stays in ${plan.from} with nothing lost: ${message}`,
        { code: 'library_move_failed', param: 'libraryDir' },
      );
    }
  }

  async #moveFiles(from: string, to: string): Promise<void> {
    const { db } = this.deps;
    await moveLibrary({
      db,
      from,
      to,
      rewrite: (rebase) => rebaseTaskFilePaths(db, rebase),
      onProgress: (p) => (this.#status = { ...this.#status, ...p }),
    });
  }

  /**
   * At start, before the core runs: a move cut short is resumed (the user asked for it), or rolled back when that
   * fails; one whose index was already rewritten only needs the setting it was about to store.
   */
  async recover(): Promise<void> {
    const { db, session } = this.deps;
    const move = journaledMove(db);
    if (!move) return;
    const libraryDir = move.to;
    try {
      if (move.state === 'moving') await this.#moveFiles(move.from, move.to);
      await session.settings.update({ libraryDir });
      await finishLibraryMove(db);
      this.deps.log(`library: finished moving the library from ${move.from} to ${move.to}`);
    } catch (error) {
      await rollBackLibraryMove(db).catch(() => undefined);
      this.deps.log(
        `library: a move to ${move.to} cut short could not be finished and was rolled back: ${String(error)}`,
      );
    }
  }
}
