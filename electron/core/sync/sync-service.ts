// Library sync's one entry point: the host and the CLI build a SyncService over the library's database and
// call runRound() (push, then pull), restore(), fetchFile(); status changes go to subscribers. It never holds
// the task engine up: a round reads and writes the library's rows in short transactions of its own.
import type { DatabaseSync } from 'node:sqlite';
import type {
  SyncConfig,
  SyncReport,
  SyncSecrets,
  SyncStatus,
  SyncTestResult,
} from '../../../shared/studio/sync';
import type { LibraryItem } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import type { Library } from '../library';
import type { Logger } from '../log';
import type { SyncRemote } from './sync-remote';

/** A configured remote with its secrets, as the host's settings (or the CLI's environment) hold them. */
export interface SyncSetup {
  config: SyncConfig;
  secrets: SyncSecrets;
}

export type SyncStatusListener = (status: SyncStatus) => void;

export interface SyncServiceOptions {
  db: DatabaseSync;
  library: Library;
  /** Asked at the start of every round: null when sync is not set up (status off). */
  setup: () => SyncSetup | null;
  /** The app's data folder: temporary downloads and nothing else go under `<dataDir>/sync`. */
  dataDir: string;
  /** Builds the adapter for a config (tests wrap it to count or break requests); the real adapters by default. */
  remoteFactory?: (config: SyncConfig, secrets: SyncSecrets) => SyncRemote;
  clock?: Pick<Clock, 'now'>;
  logger?: Logger;
}

export class SyncService {
  constructor(private readonly options: SyncServiceOptions) {}

  /** Tries a config without keeping it: reachable, signed in, writable, and the passphrase matches the remote's. */
  testConnection(config: SyncConfig, secrets: SyncSecrets): Promise<SyncTestResult> {
    void config;
    void secrets;
    return Promise.reject(new Error('not yet'));
  }

  /** One round: this device's changes and files out, then the other devices' in. Rejects with the problem. */
  runRound(): Promise<SyncReport> {
    return Promise.reject(new Error('not yet'));
  }

  status(): SyncStatus {
    throw new Error('not yet');
  }

  /** Stops the running round at its next safe point and refuses new ones until resume(). */
  pause(): void {
    throw new Error('not yet');
  }

  resume(): void {
    throw new Error('not yet');
  }

  /** Rebuilds the library (index and, in files mode "all", files) from the remote alone: a fresh install's restore. */
  restore(): Promise<SyncReport> {
    return Promise.reject(new Error('not yet'));
  }

  /** Downloads the file of an item that is on the remote only (sha256 verified), answering the item as now filed. */
  fetchFile(itemId: string): Promise<LibraryItem> {
    void itemId;
    return Promise.reject(new Error('not yet'));
  }

  subscribe(listener: SyncStatusListener): () => void {
    void listener;
    throw new Error('not yet');
  }

  /** Stops a running round (the app is quitting); safe at any moment. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
