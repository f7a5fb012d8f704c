// What the app hands the composition root (composeStudio, the CLI's too): its switchable gateway, the gateway in
// use as the session says, the settings read when they matter (starting-price edits at each estimate, result
// addresses for each file), its usage read, the OS trash on the desktop; and the core's lifecycle, which asks the
// root for a library core whenever the library folder or poll budget changes.
import type { Clock } from '../core/clock';
import { composeStudio, type Studio } from '../core/compose-studio';
import type { DatabaseSync } from '../core/db';
import type { SecretStore } from '../core/settings/settings-store';
import type { PollPolicy } from '../core/tasks';
import { lineLogger } from '../core/log';
import { modelConfigFromOverrides } from '../../shared/catalog/families';
import { budgetFor, CoreLifecycle } from './core-lifecycle';
import type { DesktopActions } from './handlers';
import type { StudioSession } from './studio-session';

export interface StudioCoreParts {
  db: DatabaseSync;
  session: StudioSession;
  clock: Clock;
  desktop: DesktopActions | undefined;
  log: (message: string) => void;
  /**
   * The engine's poll policy where it differs from the default: a test whose demo gateway runs fast asks for the
   * first polls that follow it (pollPriorsAtTimeScale), instead of waiting out priors set for real minutes.
   */
  polling: Partial<PollPolicy> | undefined;
  /** Where the keys of unfinished tasks outlive a restart (submitting-keys.ts), kept as the API key is. */
  taskKeys: SecretStore | undefined;
}

export function studioCore(parts: StudioCoreParts): {
  studio: Studio;
  core: CoreLifecycle;
} {
  const { db, session, clock, desktop, log, polling, taskKeys } = parts;
  const studio = composeStudio({
    db,
    gateway: session.gateway,
    clock,
    logger: lineLogger(log),
    gatewayKey: () => session.pricesKey(),
    startingPriceEdits: () => session.settings.get().startingPrices,
    usage: (query, call) => session.connected().usage(query, call),
    // Settings › Result files (downloads/local-addresses.ts), read for each file: a change holds from the next.
    resultAddresses: () => session.settings.get().resultAddresses,
    // Deleted files go to the OS trash in the desktop app; elsewhere the library keeps its own .trash folder.
    ...(desktop
      ? { trash: { kind: 'os' as const, discard: (path: string) => desktop.trashItem(path) } }
      : {}),
    background: true,
    // The model ids the settings override: a press's "Also run on…" sends each model as the forms offer it.
    models: () => modelConfigFromOverrides(session.settings.get().modelOverrides),
    ...(polling ? { polling } : {}),
    ...(taskKeys ? { taskKeys } : {}),
    inUse: () => core.ensure(),
  });
  const core = new CoreLifecycle({
    studio,
    wanted: () => ({
      libraryDir: session.libraryDir(),
      budget: budgetFor(session.settings.get().pollBudgetPerSecond),
    }),
    log,
  });
  return { studio, core };
}
