// Library sync's one entry point: the host and the CLI build a SyncService over the library's database and
// call runRound() (push, then pull), restore(), fetchFile(); status changes go to subscribers. It never holds
// the task engine up: a round reads and writes the library's rows in short transactions of its own, and the
// engine's writes only mark items dirty (a trigger) for the next round.
import type { DatabaseSync } from 'node:sqlite';
import { describeReadProblems, syncReceiptSchema } from '../../../shared/studio/sync';
import type {
  SyncConfig,
  SyncDevice,
  SyncReadProblem,
  SyncProgress,
  SyncReport,
  SyncReceipt,
  SyncSecrets,
  SyncStatus,
  SyncTestResult,
} from '../../../shared/studio/sync';
import { addressHasCredentials } from '../../../shared/studio/sync';
import { englishValidationText } from '../../../shared/validation';
import type { MadeFromLink } from '../../../shared/studio/made-from';
import type { LibraryItem } from '../../../shared/studio/records';
import { systemClock, type Clock } from '../clock';
import type { Library } from '../library';
import type { ProxyRoute } from '../proxy/proxy-route';
import { describeThrown, silentLogger } from '../log';
import type { MadeFromStore } from '../tasks/made-from-store';
import type { Logger } from '../log';
import { createRootAndTry, tryRemote } from './connection-test';
import { countingRemote } from './counting-remote';
import { queueDocChanges } from './doc-sync';
import { finishPendingActions, reconcileAll } from './reconcile';
import { createRemote, remoteIdentity } from './remote-factory';
import { retryingRemote } from './retrying-remote';
import type { RetryPolicy } from './retrying-remote';
import { RemoteVault } from './remote-vault';
import { ReadProblems } from './remote-gate';
import { claimAndPush, pushRenewing } from './device-identity';
import { fetchAllFiles, fetchItemFile, fetchThumbnails, tempDirOf } from './sync-round';
import { pullLogs } from './log-pull';
import { noteDamage, repairFiles } from './file-repair';
import type { RoundContext } from './sync-round';
import { SyncRemoteError } from './sync-remote';
import type { SyncRemote } from './sync-remote';
import { SyncState } from './sync-state';

/** A configured remote with its secrets, as the host's settings (or the CLI's environment) hold them. */
export interface SyncSetup {
  config: SyncConfig;
  secrets: SyncSecrets;
}

export type SyncStatusListener = (status: SyncStatus) => void;

export interface SyncServiceOptions {
  db: DatabaseSync;
  library: Library;
  /** Which task a result was made from: the engine's own store (the root's), read and written by rounds. */
  madeFrom: MadeFromStore;
  /** Asked at the start of every round: null when sync is not set up (status off). */
  setup: () => SyncSetup | null;
  /** The app's data folder: temporary downloads and nothing else go under `<dataDir>/sync`. */
  dataDir: string;
  /** Builds the adapter for a config (tests wrap it to count or break requests); the real adapters by default. */
  remoteFactory?: (config: SyncConfig, secrets: SyncSecrets) => SyncRemote;
  clock?: Pick<Clock, 'now' | 'sleep'>;
  logger?: Logger;
  /** How a request the remote failed for a passing reason is tried again within the round (DEFAULT_RETRY). */
  retry?: RetryPolicy;
  /** The way out the gateway calls take (core/proxy): the real adapters' requests go through it too. */
  proxy?: ProxyRoute;
}

/** A round refused before it starts: not set up, or paused by the user. */
export class SyncNotReadyError extends Error {
  override readonly name = 'SyncNotReadyError';
}

/**
 * The core's own check that a remote's address carries no user name or password (the shared schema refuses one
 * at every entry point; this holds for a caller that built a config by hand): it would reach the database (the
 * remote's identity), logs and the servers' error sentences.
 */
function refuseAddressCredentials(config: SyncConfig): void {
  const { remote } = config;
  const address = remote.kind === 'webdav' ? remote.url : remote.kind === 's3' ? remote.endpoint : null;
  if (address !== null && addressHasCredentials(address))
    throw new SyncRemoteError('auth', englishValidationText('addressCredentials', {}), false);
}

function passphraseOf({ config, secrets }: SyncSetup): string | null {
  refuseAddressCredentials(config);
  if (!config.encrypted) return null;
  if (!secrets.passphrase) {
    throw new SyncRemoteError(
      'passphrase',
      'End-to-end encryption is on but no passphrase was given. Nothing was written.',
      false,
    );
  }
  return secrets.passphrase;
}

export class SyncService {
  readonly #options: SyncServiceOptions;
  readonly #state: SyncState;
  readonly #now: () => number;
  readonly #logger: Logger;
  readonly #listeners = new Set<SyncStatusListener>();
  #running: Promise<SyncReport> | null = null;
  #controller: AbortController | null = null;
  #userPaused = false;
  #progress: SyncProgress | null = null;
  /** The latest receipt once read from the meta (undefined: not read yet). */
  #summary: SyncReceipt | null | undefined;
  #problem: { message: string; transient: boolean } | null = null;
  /** What the last round could not read or set aside (its report's list), kept for the status. */
  #unread: SyncReadProblem[] = [];
  /** SyncStatus.revision: the clock at start (in thousandths of a millisecond, so a restart starts past every
   * revision the last run reached), one more at every change told to subscribers. */
  #revision: number;

  constructor(options: SyncServiceOptions) {
    this.#options = options;
    this.#now = options.clock?.now.bind(options.clock) ?? Date.now;
    this.#logger = options.logger ?? silentLogger;
    this.#state = new SyncState(options.db, this.#now);
    this.#revision = Math.max(0, Math.floor(this.#now()) * 1000);
  }

  /** Tries a config without keeping it: reachable, signed in, writable, and the passphrase matches the remote's. */
  testConnection(config: SyncConfig, secrets: SyncSecrets): Promise<SyncTestResult> {
    return tryRemote(
      this.#remote(config, secrets),
      () => passphraseOf({ config, secrets }),
      config.encrypted,
    );
  }

  /** "Create this folder": makes the remote's missing folder (never a bucket), then tries the config. */
  createRoot(config: SyncConfig, secrets: SyncSecrets): Promise<SyncTestResult> {
    const remote = this.#remote(config, secrets);
    return createRootAndTry(remote, () => passphraseOf({ config, secrets }), config.encrypted);
  }

  /** One round: this device's changes and files out, then the other devices' in. Rejects with the problem. */
  runRound(): Promise<SyncReport> {
    return this.#start(false);
  }

  /** Rebuilds the library (index and every file) from the remote alone: a fresh install's restore. */
  restore(): Promise<SyncReport> {
    return this.#start(true);
  }

  status(): SyncStatus {
    const setup = this.#options.setup();
    const state = this.#running
      ? 'running'
      : this.#userPaused
        ? 'paused'
        : !setup
          ? 'off'
          : this.#problem
            ? this.#problem.transient
              ? 'paused'
              : 'error'
            : 'idle';
    const last = this.#state.meta('lastCompletedAt');
    return {
      state,
      lastCompletedAt: last === null ? null : Number(last),
      progress: this.#running ? this.#progress : null,
      problem: this.#problem?.message ?? null,
      deviceName: setup?.config.deviceName ?? null,
      deviceId: this.#state.device,
      revision: this.#revision,
      lastReceived: this.#lastReceived(),
      ...(this.#unread.length > 0 ? { unread: this.#unread } : {}),
    };
  }

  /** The latest round that brought something, as kept in sync's meta (read once, then held). */
  #lastReceived(): SyncReceipt | null {
    if (this.#summary === undefined) {
      const raw = this.#state.meta('lastReceived');
      try {
        this.#summary = raw === null ? null : syncReceiptSchema.parse(JSON.parse(raw));
      } catch {
        this.#summary = null; // written by another version: the next round writes one this version reads
      }
    }
    return this.#summary;
  }

  /** The devices on the remote as this device knows them (itself first), for Settings › Sync. */
  devices(): SyncDevice[] {
    const last = this.#state.meta('lastCompletedAt');
    return this.#state.devices({
      name: this.#options.setup()?.config.deviceName ?? '',
      lastSeenAt: last === null ? null : Number(last),
    });
  }

  /** Stops the running round at its next safe point and refuses new ones until resume(). */
  pause(): void {
    this.#userPaused = true;
    this.#controller?.abort(new SyncNotReadyError('Sync was paused.'));
    this.#emit();
  }

  resume(): void {
    this.#userPaused = false;
    this.#emit();
  }

  /** Downloads the file of an item that is on the remote only (sha256 verified), answering the item as now filed. */
  async fetchFile(itemId: string): Promise<LibraryItem> {
    const item = this.#options.library.get(itemId);
    if (!item) throw new SyncNotReadyError(`No library item ${itemId}.`);
    if (!item.remoteOnly) return item;
    const setup = this.#setup();
    const vault = await this.#vault(setup, new AbortController().signal, this.#retrying(setup));
    const where = { library: this.#options.library, vault, tempDir: tempDirOf(this.#options.dataDir) };
    const fetched = await noteDamage(this.#state, item.sha256, () =>
      fetchItemFile({ ...where, signal: new AbortController().signal }, item, () => undefined),
    );
    return fetched ?? item;
  }

  subscribe(listener: SyncStatusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops a running round (the app is quitting); safe at any moment. */
  async close(): Promise<void> {
    this.#controller?.abort(new SyncNotReadyError('Sync was stopped.'));
    await this.#running?.catch(() => undefined);
  }

  #remote(config: SyncConfig, secrets: SyncSecrets): SyncRemote {
    const factory = this.#options.remoteFactory;
    return factory ? factory(config, secrets) : createRemote(config, secrets, this.#options.proxy);
  }

  /** The remote a round talks to: requests that fail for a passing reason are tried again with a growing wait. */
  #retrying(setup: SyncSetup, remote = this.#remote(setup.config, setup.secrets)): SyncRemote {
    return retryingRemote(remote, this.#options.clock ?? systemClock, this.#options.retry, (error, attempt) =>
      this.#logger.warn('sync: a request failed and is tried again', { attempt, problem: error.message }),
    );
  }

  #setup(): SyncSetup {
    const setup = this.#options.setup();
    if (!setup)
      throw new SyncNotReadyError(
        'Sync is not set up: choose a remote in Settings › Sync (or set STUDIO_SYNC_REMOTE).',
      );
    return setup;
  }

  async #vault(
    setup: SyncSetup,
    signal: AbortSignal,
    remote = this.#remote(setup.config, setup.secrets),
  ): Promise<RemoteVault> {
    refuseAddressCredentials(setup.config);
    this.#state.useRemote(remoteIdentity(setup.config));
    const vault = await RemoteVault.open(remote, passphraseOf(setup), this.#state.knownFormat(), signal);
    this.#state.setMeta('format', JSON.stringify(vault.format));
    return vault;
  }

  #emit(): void {
    this.#revision += 1;
    const status = this.status();
    for (const listener of this.#listeners) {
      try {
        listener(status);
      } catch (error) {
        this.#logger.warn('sync: a status listener threw', { error: describeThrown(error) });
      }
    }
  }

  #start(restore: boolean): Promise<SyncReport> {
    if (this.#running) return this.#running;
    if (this.#userPaused) return Promise.reject(new SyncNotReadyError('Sync is paused: resume it first.'));
    let setup: SyncSetup;
    try {
      setup = this.#setup();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.#progress = { phase: 'connecting', filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 };
    const running = this.#round(setup, restore, controller.signal).finally(() => {
      this.#running = null;
      this.#controller = null;
      this.#progress = null;
      this.#emit();
    });
    this.#running = running;
    this.#emit();
    return running;
  }

  async #round(setup: SyncSetup, restore: boolean, signal: AbortSignal): Promise<SyncReport> {
    const startedAt = this.#now();
    // Counted below the retries: the report's figure is what the remote was actually sent.
    const counted = countingRemote(this.#remote(setup.config, setup.secrets));
    const problems = new ReadProblems();
    try {
      const vault = await this.#vault(setup, signal, this.#retrying(setup, counted));
      const context: RoundContext = {
        state: this.#state,
        library: this.#options.library,
        vault,
        deviceName: setup.config.deviceName,
        tempDir: tempDirOf(this.#options.dataDir),
        logger: this.#logger,
        signal,
        problems,
        othersWant: new Set<string>(),
        progress: (progress) => {
          this.#progress = progress;
          this.#emit();
        },
      };
      const reconcile = {
        state: this.#state,
        library: this.#options.library,
        deviceName: setup.config.deviceName,
        madeFromOf: (item: LibraryItem) =>
          item.taskId === null ? [] : this.#options.madeFrom.links(item.taskId).madeFrom,
        recordMadeFrom: (taskId: string, links: MadeFromLink[]) =>
          this.#options.madeFrom.record(taskId, links),
      };
      await finishPendingActions(reconcile);
      const local = await reconcileAll(reconcile, 'dirty');
      queueDocChanges(this.#state);
      const pushed = await claimAndPush(context);
      const pulled = await pullLogs(context);
      context.progress({ phase: 'merging', filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 });
      const merged = await reconcileAll(reconcile, 'apply');
      // Edits made here while the others' changes were merged are sent now rather than a round later.
      queueDocChanges(this.#state);
      const late = await pushRenewing(context);
      const thumbs = pulled.changes > 0 || restore ? await fetchThumbnails(context) : { files: 0, bytes: 0 };
      const files =
        setup.config.filesMode === 'all' || restore ? await fetchAllFiles(context) : { files: 0, bytes: 0 };
      await repairFiles(context);
      const finishedAt = this.#now();
      this.#state.setMeta('lastCompletedAt', String(finishedAt));
      if (pulled.received.length > 0) {
        const receipt: SyncReceipt = { finishedAt, received: pulled.received.slice(0, 1000) };
        this.#state.setMeta('lastReceived', JSON.stringify(receipt));
        this.#summary = receipt;
      }
      this.#problem = null;
      this.#unread = problems.listed;
      const unread = describeReadProblems(problems.listed, problems.count);
      if (unread) this.#logger.warn('sync: a round could not read everything', { problem: unread });
      return {
        startedAt,
        finishedAt,
        pushed: {
          changes: pushed.changes + late.changes,
          files: pushed.files + late.files,
          bytes: pushed.bytes + late.bytes,
        },
        pulled: {
          changes: pulled.changes,
          added: local.added + merged.added,
          updated: local.updated + merged.updated,
          trashed: local.trashed + merged.trashed,
          restored: local.restored + merged.restored,
          files: files.files + thumbs.files,
          bytes: files.bytes,
        },
        devices: pulled.devices,
        received: pulled.received,
        requests: counted.requests,
        unread: problems.listed,
        unreadCount: problems.count,
      };
    } catch (error) {
      if (signal.aborted)
        throw signal.reason instanceof Error ? signal.reason : new SyncNotReadyError('Sync was stopped.');
      const problem =
        error instanceof SyncRemoteError
          ? { message: error.message, transient: error.transient }
          : { message: `Sync stopped: ${describeThrown(error)}. It will try again.`, transient: true };
      this.#problem = problem;
      this.#logger.warn('sync: a round stopped', { problem: problem.message });
      throw error;
    }
  }
}
