// Builds the same core the desktop app runs — gateway client, task engine with downloads, library, speech —
// from the CLI's resolved options, through composeCore() as the app does. One SQLite file (CliConfig.databasePath),
// opened by openStudioDatabase(), holds tasks, downloads and library.
import { systemClock } from '../core/clock';
import { composeCore } from '../core/compose-core';
import type { DatabaseSync } from '../core/db';
import { createGatewayClient } from '../core/gateway';
import { ProxyRoute } from '../core/proxy';
import type { GatewayCallEvent } from '../core/gateway';
import { Library } from '../core/library';
import { lineLogger } from '../core/log';
import { PriceBook } from '../core/pricing';
import { startingPrices } from '../../shared/studio/starting-prices';
import { SpendingGuard } from '../core/spending';
import { libraryFolderProblem } from '../core/library/library-folder';
import { shelvedItems } from '../core/library/library-shelf';
import { invalidArgument } from './cli-errors';
import { openStudioDatabase } from '../core/studio-database';
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
    // The remote through the same way out as the gateway: --proxy, else HTTPS_PROXY/HTTP_PROXY/NO_PROXY.
    proxy: new ProxyRoute(() => config.proxy),
  });
}

/** Reserved by RFC 2606: a client pointed here can never reach anything. */
const NO_GATEWAY = 'http://gateway.invalid';

/** Exit 2 with the reason when the library folder is one that must not hold a library (/, ~, the data folder). */
function checkLibraryFolder(config: CliConfig): void {
  const problem = libraryFolderProblem(config.libraryDir, { home: config.homeDir, dataDir: config.dataDir });
  if (problem) throw invalidArgument(problem.message, 'library', 'unsafe_library_folder');
}

/**
 * Exit 2 when the library folder holds a library the app set aside in this database ("Start an empty library
 * there" elsewhere, library_shelves): the database's live library is another folder's, so filing or listing here
 * would mix the two. Only the app brings a shelved library back, so the sentence says how.
 */
function checkShelved(config: CliConfig, db: DatabaseSync): void {
  const count = shelvedItems(db, config.libraryDir);
  if (count === 0) return;
  throw invalidArgument(
    `${config.libraryDir} holds a library that was set aside when the app started another library (${count} ` +
      `item${count === 1 ? '' : 's'}, kept in ${config.databasePath}); the CLI works only on the library in use, ` +
      'so nothing was done. To bring it back, choose this folder in the app (Settings → Storage → Library folder, ' +
      'Save) and press “Open that library”, then run the command again; or pass the library folder in use.',
    'library',
    'library_shelved',
  );
}

/**
 * Exit 2 when the data folder is an app's and the library folder named is not the one that app uses: its
 * database indexes that library, so files saved here would be recorded as the app's and listed beside them.
 */
function checkInUse(config: CliConfig): void {
  const inUse = config.appLibraryDir;
  if (inUse === null || inUse === config.libraryDir) return;
  throw invalidArgument(
    `${config.libraryDir} is not the library the app uses with ${config.dataDir ?? 'this data folder'} ` +
      `(${inUse}); one database keeps one library in use, so nothing was done. Leave out --library (and ` +
      'STUDIO_LIBRARY_DIR) to work on the app’s library, or choose this folder in the app (Settings → Storage → ' +
      'Library folder) first.',
    'library',
    'library_not_in_use',
  );
}

/** Exit 2 unless this folder's library is the database's library in use (neither shelved nor another's). */
function checkLibraryOf(config: CliConfig, db: DatabaseSync): void {
  checkShelved(config, db);
  checkInUse(config);
}

export function openLibrary(
  config: CliConfig,
  /** Where the library's failures are told (CliOutput.log: stderr, key scrubbed). */
  log: (line: string) => void = () => undefined,
): OpenedLibrary {
  checkLibraryFolder(config);
  const db = openStudioDatabase(config.databasePath);
  try {
    checkLibraryOf(config, db);
  } catch (error) {
    db.close();
    throw error;
  }
  const library = new Library({ db, dir: config.libraryDir, logger: lineLogger(log) });
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
    // --proxy, else the environment's HTTPS_PROXY/HTTP_PROXY/NO_PROXY.
    proxy: new ProxyRoute(() => config.proxy),
  });
  const database = db ?? openStudioDatabase(config.databasePath);
  try {
    checkLibraryOf(config, database);
  } catch (error) {
    if (!db) database.close();
    throw error;
  }
  // The same price book the app keeps, for this base URL: estimates for --dry-run, pacing for every task. Until
  // a model has run here it stands on the same starting price table as the app, with the creator's edits
  // (Settings → Starting prices) when STUDIO_DATA_DIR is the app's data folder.
  const edits = config.appSettings?.startingPrices ?? {};
  const prices = new PriceBook({
    db: database,
    gateway: gatewayConfig.baseUrl,
    startingPrices: () => startingPrices(edits),
  });
  // The spending limits kept in this database (the app's, when STUDIO_DATA_DIR points at its data folder).
  const spending = new SpendingGuard({ db: database, prices: () => prices });
  // The same composition as the app's (composeCore): the library, engine and speech are told the same logger.
  const { library, engine, speech, regions } = composeCore({
    db: database,
    gateway,
    clock: systemClock,
    libraryDir: config.libraryDir,
    logger,
    gatewayKey: () => gatewayConfig.baseUrl,
    history: prices,
    guard: spending,
    // The creator's additions to where result files may come from, for every download this run makes.
    resultAddresses: () => config.resultAddresses,
  });
  return {
    db: database,
    gateway,
    engine,
    library,
    speech,
    regions,
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
