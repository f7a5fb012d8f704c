// Builds the same core the desktop app runs (gateway client, task engine with downloads, library, speech, prices,
// spending limits, presets, recipes, sync) from the CLI's resolved options, through the one composition root
// (composeStudio) the app uses: the CLI hands in only its own parts (its gateway client, the base URL as the
// gateway in use, the app's starting-price edits, its output as the logger). One SQLite file
// (CliConfig.databasePath), opened by openStudioDatabase(), holds tasks, downloads and library.
import { join } from 'node:path';
import { systemClock } from '../core/clock';
import { composeStudio } from '../core/compose-studio';
import type { LibraryCore, Studio } from '../core/compose-studio';
import type { DatabaseSync } from '../core/db';
import { ACCOUNT_READ, createGatewayClient } from '../core/gateway';
import type { GatewayCallEvent } from '../core/gateway';
import { ProxyRoute } from '../core/proxy';
import { lineLogger } from '../core/log';
import type { PriceBook } from '../core/pricing';
import { libraryFolderProblem } from '../core/library/library-folder';
import { shelvedItems } from '../core/library/library-shelf';
import type { SyncService } from '../core/sync';
import type { PollPolicy } from '../core/tasks';
import { invalidArgument } from './cli-errors';
import { openStudioDatabase } from '../core/studio-database';
import { taskKeysFile } from '../core/settings/task-keys-file';
import { syncSetupFrom } from './sync-env';
import type { CliConfig } from './cli-config';
import type { CliCore } from './cli-context';

export interface OpenedStudio extends CliCore {
  db: DatabaseSync;
  /** Library sync over the studio's library, set up from the environment (or the app's sync.json). */
  sync(env: Readonly<Record<string, string | undefined>>): SyncService;
  /** One call ends everything the root built: sync, the engine, speech, the database. */
  close(): Promise<void>;
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

export interface OpenStudioOptions {
  /** Where the core's failures are told (CliOutput.log: stderr, key scrubbed). */
  log: (line: string) => void;
  /** The command's abort signal: a usage read in windows stops between them. */
  signal: AbortSignal;
  /** The engine's poll policy where it differs from the default (RunOptions.polling). */
  polling?: Partial<PollPolicy>;
}

/**
 * The studio for this library folder and database. Nothing is sent while opening: the gateway client is built
 * with the base URL given (or one that reaches nothing), and commands that need a gateway check it is set up
 * (requireGateway) before they ask for the core; the engine is never started here.
 */
export function openStudio(config: CliConfig, options: OpenStudioOptions): OpenedStudio {
  checkLibraryFolder(config);
  const db = openStudioDatabase(config.databasePath);
  try {
    checkLibraryOf(config, db);
  } catch (error) {
    db.close();
    throw error;
  }
  const baseUrl = config.baseUrl ?? NO_GATEWAY;
  const listeners = new Set<(event: GatewayCallEvent) => void>();
  const logger = lineLogger(options.log);
  const gateway = createGatewayClient({
    baseUrl,
    apiKey: () => config.apiKey,
    onCall: (event) => listeners.forEach((listener) => listener(event)),
    logger,
    // --proxy, else the environment's HTTPS_PROXY/HTTP_PROXY/NO_PROXY.
    proxy: new ProxyRoute(() => config.proxy),
  });
  let core: LibraryCore | null = null;
  // The CLI's one library core, built by the root on first need (recipes send through it).
  function libraryCore(): LibraryCore {
    return (core ??= studio.libraryCore(config.libraryDir));
  }
  const studio: Studio = composeStudio({
    db,
    gateway,
    clock: systemClock,
    logger,
    // Prices and limits are kept per gateway: this base URL's, in the same tables as the app's.
    gatewayKey: () => baseUrl,
    // The creator's edits (Settings › Starting prices) when STUDIO_DATA_DIR is the app's data folder.
    startingPriceEdits: () => config.appSettings?.startingPrices ?? {},
    // A person (or an agent) is waiting: the app's account-read limits, stopped with the read or the command.
    usage: (query, call) => gateway.usage(query, { signal: call.signal ?? options.signal, ...ACCOUNT_READ }),
    // The creator's additions to where result files may come from, for every download this run makes.
    resultAddresses: () => config.resultAddresses,
    background: false,
    ...(options.polling && { polling: options.polling }),
    // The keys that sent its tasks, in the data folder's task-keys file (web mode's own over a shared folder):
    // a later run polls a task with the key that sent it, whatever key it is given then.
    taskKeys: taskKeysFile(config.dataDir ?? config.libraryDir, (line) => options.log(line)),
    inUse: () => Promise.resolve(libraryCore()),
  });
  const { engine, library, speech, regions, press } = libraryCore();
  return {
    db,
    gateway,
    engine,
    press,
    library,
    speech,
    regions,
    studio,
    get prices(): PriceBook {
      // The gateway in use is never null here (the base URL, or one that reaches nothing).
      const book = studio.prices.book();
      if (!book) throw new Error('The CLI always has a gateway in use.');
      return book;
    },
    clock: systemClock,
    onGatewayCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Temporary downloads go beside the database (the data folder, or `<library>/.sync` when the database lives
    // in the library folder); the remote through the same way out as the gateway.
    sync: (env) =>
      studio.sync(library, {
        setup: () => syncSetupFrom(env, config.dataDir),
        dataDir: config.dataDir ?? join(config.libraryDir, '.sync'),
        logger,
        proxy: new ProxyRoute(() => config.proxy),
      }),
    close: () => studio.close(),
  };
}
