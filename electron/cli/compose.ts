// Builds the same core the desktop app runs — gateway client, task engine with downloads, library, speech —
// from the CLI's resolved options. One SQLite file (CliConfig.databasePath) holds tasks, downloads and library.
import { openDatabase } from '../core/db';
import type { DatabaseSync } from '../core/db';
import { Library } from '../core/library';
import type { CliConfig } from './cli-config';
import type { CliCore } from './cli-context';

export interface OpenedLibrary {
  db: DatabaseSync;
  library: Library;
  close(): void;
}

export interface OpenedCore extends CliCore, Omit<OpenedLibrary, 'close'> {
  close(): Promise<void>;
}

export function openLibrary(config: CliConfig): OpenedLibrary {
  const db = openDatabase(config.databasePath);
  const library = new Library({ db, dir: config.libraryDir });
  return { db, library, close: () => db.close() };
}

export function openCore(_config: CliConfig, _db: DatabaseSync | null): OpenedCore {
  throw new Error('the gateway client has not landed yet');
}
