// What every handler module gets: the session (settings, key, gateway), the core's lifecycle, the view mapper
// for library items, and the desktop shell's actions where there is one. Handlers parse nothing (the router has
// parsed their input) and decide little: they delegate to the core and map its answers to bridge views.
import type { BridgeLibraryItem } from '../../../shared/bridge/record-schemas';
import type { Settings } from '../../../shared/bridge/session-schemas';
import type { LibraryItem } from '../../../shared/studio/records';
import type { PresetStore, PromptHistory } from '../../core/presets';
import type { GatewayPrices } from '../../core/pricing/gateway-prices';
import type { RecipeRunner, RecipeStore } from '../../core/recipes';
import type { JobRunner } from '../../core/jobs';
import type { ReferenceStore } from '../../core/references';
import type { CastStore, StoryboardDesk, StoryboardRunner } from '../../core/storyboard';
import type { SpendingGuard } from '../../core/spending';
import type { UsageReader } from '../../core/usage';
import type { CoreLifecycle } from '../core-lifecycle';
import type { LibraryMover } from '../library-mover';
import type { ExportTickets } from '../export-tickets';
import type { StudioSession } from '../studio-session';
import type { StudioSync } from '../studio-sync';
import type { AgentsHost } from '../agents-host';

/** What only the desktop shell can do; main.ts provides it from electron/platform, web mode does not. */
export interface DesktopActions {
  chooseFolder(current: string): Promise<string | null>;
  showInFolder(path: string): void;
  startDrag(path: string): void;
  /** Moves a file to the operating system's trash (Electron's shell.trashItem). */
  trashItem(path: string): Promise<void>;
}

export interface HostDeps {
  session: StudioSession;
  core: CoreLifecycle;
  /** Moves the library to a new folder when the setting changes. */
  mover: LibraryMover;
  /** Reference images: one store per database, whatever the library folder. */
  references: ReferenceStore;
  /** The price book of the gateway in use. */
  prices: GatewayPrices;
  /** The user's spending limits (the engine asks them too; speech and the checks ask here). */
  spending: SpendingGuard;
  /** Every prompt sent, fed from the core's events. */
  history: PromptHistory;
  /** Presets and styles. */
  presets: PresetStore;
  /** Saved recipes, and the runner that runs them on the engine in use. */
  recipes: RecipeStore;
  runner: RecipeRunner;
  /** The cast, the Storyboard page's boards and prices (the desk), and the runner their runs go on. */
  storyboard: { cast: CastStore; desk: StoryboardDesk; runner: StoryboardRunner };
  /** The studio's durable jobs: each change of one reaches the renderer as a `job` event. */
  jobs: JobRunner;
  /** Usage over any range, dated by the gateway's cache. */
  usage: UsageReader;
  desktop: DesktopActions | undefined;
  /** Library sync: its setup, rounds and status. */
  sync: StudioSync;
  /** Zip exports waiting to be downloaded from web mode's /export/. */
  exports: ExportTickets;
  /** The agents driving the studio over MCP: their sessions, the switch, the loopback endpoint. */
  agents: AgentsHost;
  /** Told after every settings.update (main.ts relabels its menus when the language changes). */
  onSettingsChanged: ((settings: Settings) => void) | undefined;
}

/** A library item as the bridge carries it, relative to the library folder in use. */
export type ItemView = (item: LibraryItem) => BridgeLibraryItem;

/** Every secret the studio holds (the key, sync's passwords and passphrase): no error may carry one out. */
export function studioSecrets(deps: Pick<HostDeps, 'session' | 'sync'>): string[] {
  return [...deps.session.secretValues(), ...deps.sync.settings.secretValues()];
}
