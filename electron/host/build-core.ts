// The app's core: composeCore() (the one the CLI uses too) for this library folder and request budget, its
// events sent to one emitter.
import { keyVaultIn } from '../core/tasks/submitting-keys';
import type { SecretStore } from '../core/settings/settings-store';
import type { StudioEvent } from '../../shared/studio/records';
import type { Clock } from '../core/clock';
import type { DatabaseSync } from '../core/db';
import { composeCore } from '../core/compose-core';
import type { Library } from '../core/library';
import type { SpeechService } from '../core/speech';
import type { TaskEngine } from '../core/tasks';
import type { RegionEditor } from '../core/region-edit/region-editor';
import { lineLogger } from '../core/log';
import { pollPriorsAtTimeScale, type BudgetOptions } from '../core/tasks';
import type { SubmissionGuard, TaskHistory } from '../core/tasks/task-history';
import type { GatewayPort } from '../core/gateway/gateway-port';
import type { TrashPort } from '../core/library/trash-port';

export interface Core {
  libraryDir: string;
  budget: BudgetOptions;
  library: Library;
  engine: TaskEngine;
  speech: SpeechService;
  /** "Edit a region": submits through the engine; the library composites its takes. */
  regions: RegionEditor;
  detach: () => void;
}

export interface CoreLifecycleOptions {
  db: DatabaseSync;
  gateway: GatewayPort;
  clock: Clock;
  /** Read at each ensure(): where the library is and how fast the engine may poll, as settings say now. */
  wanted: () => { libraryDir: string; budget: BudgetOptions };
  log: (message: string) => void;
  /** The gateway in use ('demo' or its base URL): speech takes are served again only on the same gateway. */
  gatewayKey: () => string;
  /** Learns from completions and paces polls by what it learned (the price books). */
  history?: TaskHistory;
  /** The user's spending limits, asked before every submission. */
  guard?: SubmissionGuard;
  /** Where deleted library files go once their undo window ends; the library's .trash folder by default. */
  trash?: TrashPort;
  /** The demo gateway's time scale when it runs faster (tests): the engine's first polls come that much sooner. */
  demoTimeScale?: number;
  /** Where the keys of unfinished tasks outlive a restart (submitting-keys.ts), kept as the API key is. */
  taskKeys?: SecretStore | undefined;
  /** Settings › Result files, read for each download (downloads/local-addresses.ts). */
  resultAddresses?: () => readonly string[];
}

/** The settings' requests-per-second as the engine's sliding window; fractions become a longer window. */
export function budgetFor(perSecond: number): BudgetOptions {
  return perSecond >= 1
    ? { requests: Math.round(perSecond), perMs: 1000 }
    : { requests: 1, perMs: Math.round(1000 / perSecond) };
}

/** A new core for this library folder and budget (composeCore, as the CLI builds it); the caller starts its engine. */
export function buildCore(
  options: CoreLifecycleOptions,
  libraryDir: string,
  budget: BudgetOptions,
  emit: (event: StudioEvent) => void,
): Core {
  const { db, gateway, clock, history, guard, gatewayKey, trash, demoTimeScale, taskKeys, resultAddresses } =
    options;
  const { library, engine, speech, regions } = composeCore({
    db,
    gateway,
    clock,
    libraryDir,
    budget,
    logger: lineLogger(options.log),
    gatewayKey,
    history: history ?? null,
    guard: guard ?? null,
    runQueue: true,
    ...(trash ? { trash } : {}),
    ...(demoTimeScale ? { polling: pollPriorsAtTimeScale(demoTimeScale) } : {}),
    ...(taskKeys ? { keyVault: keyVaultIn(taskKeys, options.log) } : {}),
    ...(resultAddresses ? { resultAddresses } : {}),
  });
  const offEngine = engine.events.subscribe(emit);
  const offLibrary = library.subscribe(emit);
  return {
    libraryDir,
    budget,
    library,
    engine,
    speech,
    regions,
    detach: () => (offEngine(), offLibrary(), speech.close()),
  };
}
