// Builds the same core the desktop app runs — gateway client, task engine with downloads, library, speech —
// from the CLI's resolved options. One SQLite file (CliConfig.databasePath) holds tasks, downloads and library.
import { systemClock } from '../core/clock';
import { openDatabase } from '../core/db';
import type { DatabaseSync } from '../core/db';
import { createGatewayClient } from '../core/gateway';
import type { GatewayCallEvent } from '../core/gateway';
import { Library, libraryFileIndex } from '../core/library';
import { lineLogger } from '../core/log';
import { PriceBook } from '../core/pricing';
import { SpendingGuard } from '../core/spending';
import { libraryFolderProblem } from '../core/library/library-folder';
import { invalidArgument } from './cli-errors';
import { SpeechService } from '../core/speech';
import { TaskEngine } from '../core/tasks';
import { SyncService } from '../core/sync';
import { join } from 'node:path';
import { syncSetupFrom } from './sync-env';
import { requireGateway } from './cli-config';
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

/**
 * Library sync over the library's database. Temporary downloads go beside the database (the data folder, or
 * `<library>/.sync` when the database lives in the library folder).
 */
export function openSync(
  config: CliConfig,
  env: Readonly<Record<string, string | undefined>>,
  opened: OpenedLibrary,
  log: (line: string) => void,
): SyncService {
  return new SyncService({
    db: opened.db,
    library: opened.library,
    setup: () => syncSetupFrom(env, config.dataDir),
    dataDir: config.dataDir ?? join(config.libraryDir, '.sync'),
    logger: lineLogger(log),
  });
}

/** Reserved by RFC 2606: a client pointed here can never reach anything. */
const NO_GATEWAY = 'http://gateway.invalid';

/** Exit 2 with the reason when the library folder is one that must not hold a library (/, ~, the data folder). */
function checkLibraryFolder(config: CliConfig): void {
  const problem = libraryFolderProblem(config.libraryDir, { home: config.homeDir, dataDir: config.dataDir });
  if (problem) throw invalidArgument(problem.message, 'library', 'unsafe_library_folder');
}

export function openLibrary(config: CliConfig): OpenedLibrary {
  checkLibraryFolder(config);
  const db = openDatabase(config.databasePath);
  const library = new Library({ db, dir: config.libraryDir });
  return { db, library, close: () => db.close() };
}

/**
 * `online: false` is for commands that only read the local database (`tasks`, `task <id>` of a settled task):
 * they work without a base URL or key, and the engine they get is never started.
 */
export function openCore(
  config: CliConfig,
  db: DatabaseSync | null,
  online = true,
  /** Where the core's failures are told (CliOutput.log: stderr, key scrubbed). */
  log: (line: string) => void = () => undefined,
): OpenedCore {
  checkLibraryFolder(config);
  const gatewayConfig = online
    ? requireGateway(config)
    : { baseUrl: config.baseUrl ?? NO_GATEWAY, apiKey: config.apiKey };
  const listeners = new Set<(event: GatewayCallEvent) => void>();
  const logger = lineLogger(log);
  const gateway = createGatewayClient({
    baseUrl: gatewayConfig.baseUrl,
    apiKey: () => gatewayConfig.apiKey,
    onCall: (event) => listeners.forEach((listener) => listener(event)),
    logger,
  });
  const database = db ?? openDatabase(config.databasePath);
  const library: Library = new Library({
    db: database,
    dir: config.libraryDir,
    madeFromOf: (taskId: string): string[] => engine.links(taskId).madeFrom.map((link) => link.taskId),
  });
  // The same price book the app keeps, for this base URL: estimates for --dry-run, pacing for every task.
  const prices = new PriceBook({ db: database, gateway: gatewayConfig.baseUrl });
  // The spending limits kept in this database (the app's, when STUDIO_DATA_DIR points at its data folder).
  const spending = new SpendingGuard({ db: database, prices: () => prices });
  const engine = new TaskEngine({
    db: database,
    gateway,
    downloads: { libraryDir: config.libraryDir, sink: library },
    history: prices,
    guard: spending,
    libraryFiles: libraryFileIndex(library),
    logger,
  });
  const speech = new SpeechService({
    gateway,
    library,
    db: database,
    gatewayKey: () => gatewayConfig.baseUrl,
  });
  return {
    db: database,
    gateway,
    engine,
    library,
    speech,
    prices,
    clock: systemClock,
    onGatewayCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      speech.close();
      await engine.close();
      database.close();
    },
  };
}
