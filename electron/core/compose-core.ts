// The core of one library folder, wired over one database: the library (which writes a task's made-from links
// and styles into its files, asking the stores the root built rather than reaching through an engine built after
// it), the task engine (with its downloads, the price book's history and the spending guard), region edits and
// the speech service, every one told the same logger. Only the composition root (compose-studio.ts) calls it: the
// stores it is handed are the studio's one copy of each.
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { DatabaseSync } from './db';
import type { GatewayPort } from './gateway/gateway-port';
import { Library, libraryFileIndex } from './library';
import type { TrashPort } from './library/trash-port';
import type { JobRunner } from './jobs';
import type { Logger } from './log';
import { SpeechService } from './speech';
import { TaskEngine } from './tasks';
import type { BudgetOptions, PollPolicy } from './tasks';
import type { MadeFromStore } from './tasks/made-from-store';
import type { PresetStore } from './presets';
import type { ReferenceStore } from './references';
import type { KeyVault } from './tasks/submitting-keys';
import { RegionEditor } from './region-edit/region-editor';
import { Press } from './press/press';
import type { ModelConfig } from '../../shared/catalog/types';
import type { SubmissionGuard, TaskHistory } from './tasks/task-history';

export interface CoreParts {
  /** Opened by openStudioDatabase(): every table is there before any part is built. */
  db: DatabaseSync;
  gateway: GatewayPort;
  clock?: Clock;
  libraryDir: string;
  /** One budget for every request the engine sends; the engine's default when not given. */
  budget?: BudgetOptions;
  logger: Logger;
  /** The gateway in use ('demo' or its base URL): speech takes are served again only on the same gateway. */
  gatewayKey: () => string;
  /** Learns from completions and paces polls by what it learned (the price book). */
  history: TaskHistory | null;
  /** The user's spending limits, asked before every submission. */
  guard: SubmissionGuard | null;
  /** Where deleted library files go once their undo window ends; the library's .trash folder by default. */
  trash?: TrashPort;
  /** The studio's stores, built once by the root: links, the styles a prompt was sent with, reference images. */
  madeFrom: MadeFromStore;
  presets: PresetStore;
  references: ReferenceStore;
  /** Send the submission queue's items (the app); the CLI only edits them. */
  runQueue?: boolean;
  /** The studio's durable jobs: the queue's items (the CLI's writes them, the app's runs them) and the downloads. */
  jobs?: JobRunner;
  /** The model ids in effect (the user's overrides): which models a region edit may go to. */
  models?: () => ModelConfig;
  /** The engine's poll policy where it differs from the default (a demo gateway run faster: its priors). */
  polling?: Partial<PollPolicy>;
  /** Where the keys of unfinished tasks outlive a restart (the API key's secret store); memory only without. */
  keyVault?: KeyVault;
  /**
   * Where result files may come from beyond the rule's own (downloads/local-addresses.ts): the app's Settings ›
   * Result files, the CLI's --result-addresses. Read for each file, so the engine, the queue and recipes all follow it.
   */
  resultAddresses?: () => readonly string[];
}

export interface ComposedCore {
  library: Library;
  engine: TaskEngine;
  speech: SpeechService;
  /** "Edit a region": submits through the engine; the library composites its results through it. */
  regions: RegionEditor;
  /** One press, planned and sent whole through this engine: the app's press.send and the CLI's generate. */
  press: Press;
}

/** A new core; the root closes what it built, the shell starts its engine (start()). */
export function composeCore(parts: CoreParts): ComposedCore {
  const { db, gateway, libraryDir, logger, history, guard, gatewayKey, trash } = parts;
  const { madeFrom, presets, references } = parts;
  const clock = parts.clock ?? systemClock;
  const library = new Library({
    db,
    dir: libraryDir,
    now: () => clock.now(),
    madeFromOf: (taskId) => madeFrom.links(taskId).madeFrom.map((link) => link.taskId),
    // The styles a prompt was sent with go into its files' settings, read from where the presets room keeps them.
    stylesOf: (taskId) => presets.taskStyles(taskId),
    references,
    // Built after the engine, which it submits through: the library asks it late, when a file is filed.
    regionEdits: () => regions,
    timers: clock,
    ...(trash ? { trash } : {}),
    logger,
  });
  const engine = new TaskEngine({
    db,
    gateway,
    clock,
    ...(parts.budget ? { budget: parts.budget } : {}),
    downloads: {
      libraryDir,
      sink: library,
      ...(parts.resultAddresses ? { resultAddresses: parts.resultAddresses } : {}),
    },
    history,
    guard,
    libraryFiles: libraryFileIndex(library),
    madeFrom,
    references,
    // A press's styles are written with its rows, in the same transaction (the presets room keeps them).
    taskStyles: presets,
    logger,
    runQueue: parts.runQueue ?? false,
    ...(parts.jobs ? { jobs: parts.jobs } : {}),
    ...(parts.polling ? { polling: parts.polling } : {}),
    ...(parts.keyVault ? { keyVault: parts.keyVault } : {}),
  });
  const regions: RegionEditor = new RegionEditor({
    db,
    library,
    engine,
    clock,
    ...(parts.models ? { models: parts.models } : {}),
  });
  // The same limits hold speech, asked by the service itself in the transaction that writes a take down.
  const speech = new SpeechService({ gateway, library, db, clock, gatewayKey, logger, guard });
  // Takes whose cost was still being read when the last run stopped are read again (the app's and the CLI's).
  speech.resumeCosts();
  const press = new Press({ engine, models: parts.models ?? (() => ({})) });
  return { library, engine, speech, regions, press };
}
