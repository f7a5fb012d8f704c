// The temp folder and studio database most core tests stand on, opened and removed by vitest's hooks so each
// test file says what it builds on them rather than how the folder is made and cleaned up.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { DatabaseSync } from '../../electron/core/db';
import { openStudioDatabase } from '../../electron/core/studio-database';

/** 'each': a fresh one per test; 'all': one for the whole file (for set-up too slow to repeat). */
export type Lifetime = 'each' | 'all';

export interface TempFolder {
  readonly dir: string;
}

export interface StudioDb extends TempFolder {
  /** The studio database at `dir`/studio.db, every migration applied. */
  readonly db: DatabaseSync;
  /** Closes the database and opens its file again, as the next start of the app would: `db` is then the new one. */
  reopen(): DatabaseSync;
}

function hooks(lifetime: Lifetime) {
  return lifetime === 'each'
    ? { before: beforeEach, after: afterEach }
    : { before: beforeAll, after: afterAll };
}

/** A view whose reads fail outside the hooks' lifetime, so a test never meets an earlier test's folder. */
function live<T>(read: () => T | null, what: string): () => T {
  return () => {
    const value = read();
    if (value === null) throw new Error(`the ${what} exists only inside a test`);
    return value;
  };
}

/**
 * A temp folder named `prefix`… made before each test (or once, for 'all') and removed after it. The file's own
 * after-hooks run first (vitest stacks them), so whatever it opened in the folder is closed by then.
 */
export function useTempDir(prefix: string, lifetime: Lifetime = 'each'): TempFolder {
  let dir: string | null = null;
  const { before, after } = hooks(lifetime);
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  });
  const current = live(() => dir, 'temp folder');
  return {
    get dir() {
      return current();
    },
  };
}

/** A temp folder with a studio database in it, both gone after each test (or after the file, for 'all'). */
export function useStudioDb(prefix: string, lifetime: Lifetime = 'each'): StudioDb {
  const folder = useTempDir(prefix, lifetime);
  let db: DatabaseSync | null = null;
  const open = () => openStudioDatabase(join(folder.dir, 'studio.db'));
  const { before, after } = hooks(lifetime);
  before(() => {
    db = open();
  });
  after(() => {
    db?.close();
    db = null;
  });
  const current = live(() => db, 'studio database');
  return {
    get dir() {
      return folder.dir;
    },
    get db() {
      return current();
    },
    reopen() {
      current().close();
      db = open();
      return db;
    },
  };
}
