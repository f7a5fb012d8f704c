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
import { openStudioDatabase } from '../core/studio-database';
import type { ReferenceStore } from '../core/references';
import { studioCore, type StudioCoreParts } from './studio-core';
import { scrubStoredTaskErrors } from '../core/tasks/task-secret-scrub';
import { LibraryMover } from './library-mover';
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
import { AgentsHost } from './agents-host';

export type { DesktopActions } from './handlers';
export { budgetFor } from './core-lifecycle';

export interface StudioHostOptions extends StudioSessionOptions, Partial<Pick<StudioCoreParts, 'polling'>> {
  /** Where the database (and, unless settings say otherwise, the library) lives. */
  dataDir: string;
  clock?: Clock;
  desktop?: DesktopActions;
  /** Told after every settings.update (main.ts relabels its menus when the language changes). */
  onSettingsChanged?: (settings: Settings) => void;
  log?: (message: string) => void;
  /** Where the sync remote's secret and passphrase are kept, like the key (in memory only when absent). */
  syncSecrets?: SecretStore;
  /** Where the agents' endpoint token is kept, like the key (in memory only when absent). */
  agentSecrets?: SecretStore;
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
  const desktop = options.desktop;
  // Every core service, built once by the root the CLI uses too; the host hands in only what is the app's.
  const clock = options.clock ?? systemClock;
  const { taskKeys, polling } = options;
  const { studio, core } = studioCore({ db, session, clock, desktop, log, polling, taskKeys });
  const { references } = studio;
  const syncSettings = new SyncSettings(options.dataDir, options.syncSecrets ?? new MemorySecretStore(), log);
  secrets = () => [...session.secretValues(), ...syncSettings.secretValues()];
  await session.refresh();
  const mover = new LibraryMover({ db, core, session, log });
  await mover.recover(); // a move of the library cut short, before a core runs over either folder
  await core.ensure();
  scrubStoredTaskErrors(db, session.secretValues()); // the bare key in rows stored before: only we know it
  const syncParts = { studio, core, settings: syncSettings, dataDir: options.dataDir, clock, log };
  const sync = new StudioSync({ ...syncParts, proxy: new ProxyRoute(session.proxySetting) });
  // Its first round runs in the background: the studio opens without waiting on the remote.
  await sync.start();
  const exports = new ExportTickets(clock);
  // Every prompt the core sends is kept, whichever engine (rebuilt with the library folder) sent it.
  studio.disposables.add({ dispose: core.subscribe((event) => studio.history.recordEvent(event)) });
  // Runs a restart cut off go on at the step they reached (the core is up: the host ensured it first).
  studio.runner.resume();
  // Storyboard runs are listed again; their jobs, handed back by the runner, go on at the part each reached.
  studio.boards.reopen();
  const { prices, spending, history, presets, recipes, runner, usage, jobs } = studio;
  const agents = new AgentsHost({
    dataDir: options.dataDir,
    studio,
    core,
    session,
    secrets: () => secrets(),
    log,
    ...(options.agentSecrets && { tokenStore: options.agentSecrets }),
  });
  await agents.start(); // the loopback endpoint, when Settings › Agents has it on
  const handlers = composeHandlers({
    session,
    core,
    mover,
    references,
    prices,
    spending,
    history,
    presets,
    recipes,
    runner,
    storyboard: { cast: studio.cast, desk: studio.storyboards, runner: studio.boards },
    jobs,
    usage,
    desktop,
    exports,
    sync,
    agents,
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
      await agents.close(); // no agent's call may start on a core being closed
      await sync.close();
      core.detach();
      // One call ends the core: recipe runs, the library core (engine, speech, undo windows), the database.
      await studio.close();
      await session.close();
      lock.release();
    },
  };
}
