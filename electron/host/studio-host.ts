// The composition of the studio behind the bridge: a session (settings, key, gateway, demo), the core's
// lifecycle over one database, and the bridge handlers composed from one module per namespace (handlers/). It
// knows nothing of Electron or HTTP: both transports plug into `handlers`.
// Adding a bridge procedure: its line in shared/bridge/contract.ts, its handler in handlers/<namespace>.ts, its
// hook in the renderer. Nothing here changes.
import { join } from 'node:path';
import type { BridgeHandlers } from '../../shared/bridge/contract';
import type { Settings } from '../../shared/bridge/session-schemas';
import type { StudioEvent } from '../../shared/studio/records';
import { systemClock, type Clock } from '../core/clock';
import { UsageReader } from '../core/usage';
import { openStudioDatabase } from '../core/studio-database';
import { reuseParts } from './recipe-runner';
import { ReferenceStore } from '../core/references';
import { SpendingGuard } from '../core/spending';
import { scrubStoredTaskErrors } from '../core/tasks/task-secret-scrub';
import { studioCore } from './studio-core';
import { LibraryMover } from './library-mover';
import { GatewayPrices } from './gateway-prices';
import { ExportTickets } from './export-tickets';
import { composeHandlers, type DesktopActions } from './handlers';
import { withDataFolderLock, type DataFolderLock } from './data-folder-lock';
import type { MediaSource } from './media-files';
import { StudioSession, type StudioSessionOptions } from './studio-session';
import { MemorySecretStore } from '../core/settings/memory-secret-store';
import type { SecretStore } from '../core/settings/settings-store';
import { scrubSecretText } from '../../shared/gateway/secret-scrub';
import { StudioSync } from './studio-sync';
import { ProxyRoute } from '../core/proxy/proxy-route';
import { SyncSettings } from './sync-settings';

export type { DesktopActions } from './handlers';
export { budgetFor } from './core-lifecycle';

export interface StudioHostOptions extends StudioSessionOptions {
  /** Where the database (and, unless settings say otherwise, the library) lives. */
  dataDir: string;
  clock?: Clock;
  desktop?: DesktopActions;
  /** Told after every settings.update (main.ts relabels its menus when the language changes). */
  onSettingsChanged?: (settings: Settings) => void;
  log?: (message: string) => void;
  /** Where the sync remote's secret and passphrase are kept, like the key (in memory only when absent). */
  syncSecrets?: SecretStore;
}

export interface StudioHost {
  handlers: BridgeHandlers;
  /** Core events as they happen (desktop notifications listen here). */
  subscribe(listener: (event: StudioEvent) => void): () => void;
  libraryDir(): string;
  /** Reference images, for the media servers (web mode's /references/, studio-media://references/). */
  references: ReferenceStore;
  /** What /media/ and studio-media:// may serve: indexed library files only. */
  media(): MediaSource;
  /** Zip exports waiting for web mode's /export/ to stream them. */
  exports: ExportTickets;
  settings(): Settings;
  close(): Promise<void>;
}

/** The studio over a data folder; refused (DataFolderInUse) while another studio holds the folder. */
export function createStudioHost(options: StudioHostOptions): Promise<StudioHost> {
  return withDataFolderLock(options.dataDir, (lock) => openStudioHost(options, lock));
}

async function openStudioHost(options: StudioHostOptions, lock: DataFolderLock): Promise<StudioHost> {
  const write = options.log ?? ((m: string) => console.warn(m));
  // No key, password or passphrase in a log line, whoever wrote it.
  let secrets = (): string[] => [];
  const log = (m: string): void => write(scrubSecretText(m, secrets()));
  const db = openStudioDatabase(join(options.dataDir, 'studio.db'));
  const session = new StudioSession({ ...options, log });
  // Beside the database, so moving the library folder in settings never loses a task's references.
  const references = ReferenceStore.forDatabase(db);
  const clock = options.clock ?? systemClock;
  const edits = () => session.settings.get().startingPrices;
  const prices = new GatewayPrices({ db, clock, current: () => session.pricesKey(), log, edits });
  // The user's limits, asked by the engine before every submission (the CLI builds the same guard).
  const spending = new SpendingGuard({ db, clock, prices: () => prices.book() });
  const desktop = options.desktop;
  const core = studioCore({ db, session, clock, prices, spending, desktop, options, log });
  const syncSettings = new SyncSettings(options.dataDir, options.syncSecrets ?? new MemorySecretStore(), log);
  secrets = () => [...session.secretValues(), ...syncSettings.secretValues()];
  // Every prompt the core sends is kept, whichever engine (rebuilt with the library folder) sent it.
  await session.refresh();
  const mover = new LibraryMover({ db, core, session, log });
  await mover.recover(); // a move of the library cut short, before a core runs over either folder
  await core.ensure();
  scrubStoredTaskErrors(db, session.secretValues()); // the bare key in rows stored before: only we know it
  const syncParts = { core, db, settings: syncSettings, dataDir: options.dataDir, clock, log };
  const sync = new StudioSync({ ...syncParts, proxy: new ProxyRoute(session.proxySetting) });
  // Its first round runs in the background: the studio opens without waiting on the remote.
  await sync.start();
  const exports = new ExportTickets(clock);
  const reuse = reuseParts(db, core, references, spending, clock);
  const handlers = composeHandlers({
    session,
    core,
    mover,
    references,
    prices,
    spending,
    ...reuse,
    usage: new UsageReader((query) => session.connected().usage(query), clock),
    desktop,
    exports,
    sync,
    onSettingsChanged: options.onSettingsChanged,
  });

  let closed = false;
  return {
    handlers,
    subscribe: (listener) => core.subscribe(listener),
    libraryDir: () => core.libraryDir(),
    references,
    media: () => core.media(),
    exports,
    settings: () => session.settings.get(),
    async close() {
      if (closed) return;
      closed = true;
      await sync.close();
      // Before the engine stops: a send it cuts off is not a failed step, and the next start resumes it.
      reuse.runner.close();
      await core.close();
      await session.close();
      db.close();
      lock.release();
    },
  };
}
