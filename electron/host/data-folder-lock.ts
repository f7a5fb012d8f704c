// One studio (web mode or the desktop app) per data folder: two would serve one database and each run its own
// demo gateway over one state file. The first takes `studio.lock` (created exclusively, holding its process id);
// a second is refused with a sentence naming the holder. A lock left by a process that is gone (a crash, a
// kill -9) is taken over. The CLI never takes it: it shares the database by design.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive as alive } from '../core/process-alive';

export const DATA_FOLDER_LOCK = 'studio.lock';

export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another studio (process ${pid}) is using the data folder ${dataDir}: close it first, or start this one with another data folder`,
    );
    this.name = 'DataFolderInUse';
  }
}

export interface DataFolderLock {
  release(): void;
}

function holderOf(path: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(path, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    // Unreadable or half written: nobody we could ask about it holds it.
    return null;
  }
}

/** Takes the data folder for this process, or throws DataFolderInUse. */
export function lockDataFolder(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, DATA_FOLDER_LOCK);
  const body = JSON.stringify({ pid: process.pid, since: new Date().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, body, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        const holder = holderOf(path);
        if (holder !== null) throw new DataFolderInUse(dataDir, holder);
        throw error;
      }
      const holder = holderOf(path);
      if (holder !== null && alive(holder)) throw new DataFolderInUse(dataDir, holder);
      // A stale lock: its process is gone. Remove it and try once more (a racing starter may win; then we lose).
      rmSync(path, { force: true });
    }
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      if (holderOf(path) === process.pid) rmSync(path, { force: true });
    },
  };
}

/** Runs `open` holding the folder's lock; the lock is let go when `open` fails (the owner releases it after). */
export async function withDataFolderLock<T>(
  dataDir: string,
  open: (lock: DataFolderLock) => Promise<T>,
): Promise<T> {
  const lock = lockDataFolder(dataDir);
  try {
    return await open(lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}
