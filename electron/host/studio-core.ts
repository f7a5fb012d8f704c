// The app's core lifecycle as the studio's session and settings want it: the same database, gateway and clock,
// the price books and limits the handlers use, the trash the desktop offers, and the settings read when they
// matter (the library folder and poll budget at each ensure(), the result addresses for each file).
import type { Clock } from '../core/clock';
import type { DatabaseSync } from '../core/db';
import type { SpendingGuard } from '../core/spending';
import { budgetFor, CoreLifecycle } from './core-lifecycle';
import type { GatewayPrices } from './gateway-prices';
import type { DesktopActions } from './handlers';
import type { StudioSession } from './studio-session';
import type { StudioSessionOptions } from './studio-session-options';

export interface StudioCoreParts {
  db: DatabaseSync;
  session: StudioSession;
  clock: Clock;
  prices: GatewayPrices;
  spending: SpendingGuard;
  desktop: DesktopActions | undefined;
  options: Pick<StudioSessionOptions, 'simulator' | 'taskKeys'>;
  log: (message: string) => void;
}

export function studioCore({ db, session, clock, prices, spending, desktop, options, log }: StudioCoreParts) {
  return new CoreLifecycle({
    db,
    gateway: session.gateway,
    clock,
    // Deleted files go to the OS trash in the desktop app; elsewhere the library keeps its own .trash folder.
    ...(desktop
      ? { trash: { kind: 'os' as const, discard: (path: string) => desktop.trashItem(path) } }
      : {}),
    history: prices,
    guard: spending,
    ...(options.simulator?.timeScale ? { demoTimeScale: options.simulator.timeScale } : {}),
    gatewayKey: () => session.pricesKey() ?? '',
    // Settings › Result files (downloads/local-addresses.ts), read for each file: a change holds from the next.
    resultAddresses: () => session.settings.get().resultAddresses,
    wanted: () => ({
      libraryDir: session.libraryDir(),
      budget: budgetFor(session.settings.get().pollBudgetPerSecond),
    }),
    log,
    taskKeys: options.taskKeys,
  });
}
