// The one composition root of the core, for the app (desktop and web mode) and the CLI alike: every core service
// is built here, once, over one database, and the shells hand in only what is theirs (the gateway they reach,
// which gateway is in use, the creator's starting-price edits, their way to the usage report, the OS trash).
// Pricing, the spending limits, the recipe runner, presets and made-from links are therefore the same objects
// with the same rules whichever shell runs them. The library, the task engine and speech hang on a library
// folder and are composed per folder (composeCore); the app rebuilds them when its folder changes, the CLI
// builds one. In the manner of VS Code's services: what a service owns is registered in one DisposableStore
// here, so shutting the studio down is one call (close()), in the order the money needs.
import { join } from 'node:path';
import type { StartingPriceEdits } from '../../shared/studio/starting-prices';
import { systemClock, type Clock } from './clock';
import { composeCore, type ComposedCore } from './compose-core';
import type { DatabaseSync } from './db';
import type { GatewayPort } from './gateway/gateway-port';
import type { Library } from './library';
import type { TrashPort } from './library/trash-port';
import { JobRunner } from './jobs';
import { DisposableStore } from './lifetime';
import type { Logger } from './log';
import { PresetStore, PromptHistory } from './presets';
import { AgentAnswers } from './agents';
import { GatewayPrices } from './pricing/gateway-prices';
import { RecipeRunner, RecipeRunStore, RecipeStore } from './recipes';
import { ReferenceStore } from './references';
import { SpendingGuard, coreMoney, type CoreMoney } from './spending';
import {
  CastStore,
  StoryboardDesk,
  StoryboardRunStore,
  StoryboardRunner,
  StoryboardStore,
} from './storyboard';
import { fileCut } from './storyboard/cut-filing';
import { lastFrameReference } from './storyboard/storyboard-media';
import { SyncService, type SyncServiceOptions } from './sync/sync-service';
import type { BudgetOptions, PollPolicy } from './tasks';
import { MadeFromStore } from './tasks/made-from-store';
import { keyVaultIn } from './tasks/submitting-keys';
import type { SecretStore } from './settings/settings-store';
import type { ModelConfig } from '../../shared/catalog/types';
import { UsageReader, type UsageFetch } from './usage';

/** What a shell hands the root: only what is its own. */
export interface StudioShell {
  /** Opened by openStudioDatabase(); the root closes it last. */
  db: DatabaseSync;
  /** The gateway the engine and speech send through (the app's switchable one, the CLI's client). */
  gateway: GatewayPort;
  clock?: Clock;
  logger: Logger;
  /** The gateway in use ('demo' or its base URL), null when none is set up: prices and budgets are per gateway. */
  gatewayKey: () => string | null;
  /** The creator's edits to the starting price table (Settings › Starting prices), read at each estimate. */
  startingPriceEdits: () => StartingPriceEdits;
  /** How this shell reads the gateway's usage report (the app through its session, the CLI with its signal). */
  usage: UsageFetch;
  /** Where deleted library files go once their undo window ends; the library's .trash folder by default. */
  trash?: TrashPort;
  /**
   * The app's way of running: the engine sends the submission queue, recipe runs are kept in the database and
   * resumed after a restart, and closing a library ends its undo windows. The CLI's runs live as long as its
   * command, and it only edits the queue.
   */
  background: boolean;
  /** The engine's poll policy where it differs from the default (a demo gateway run faster: its priors). */
  polling?: Partial<PollPolicy>;
  /**
   * Where result files may come from beyond the rule's own (downloads/local-addresses.ts): the app's Settings ›
   * Result files, the CLI's --result-addresses. Read for each file, so the engine, the queue and recipes follow it.
   */
  resultAddresses?: () => readonly string[];
  /** Where the keys of unfinished tasks outlive a restart, kept as the API key is; memory only without. */
  taskKeys?: SecretStore;
  /** The model ids in effect (the app's Settings › Models): what a press's "Also run on…" sends each model as. */
  models?: () => ModelConfig;
  /** The library core in use now (the app's is rebuilt when its folder changes): recipes send through it. */
  inUse: () => Promise<LibraryCore>;
}

/** The library, engine and speech over one library folder, built by the root and closed by it. */
export interface LibraryCore extends ComposedCore {
  libraryDir: string;
  /** The money answers beside the limits (cost totals, the queue's prices), reckoned for the gateway in use. */
  money: CoreMoney;
  /** Hands the running work to the next core (the app's folder change): no send is cut, nothing is closed twice. */
  handOver(): Promise<void>;
  close(): Promise<void>;
}

export interface Studio {
  readonly db: DatabaseSync;
  readonly clock: Clock;
  /** Reference images: one store per database, whatever the library folder. */
  readonly references: ReferenceStore;
  /** The price book of the gateway in use (estimates, pacing, the limits' amounts). */
  readonly prices: GatewayPrices;
  /** The user's spending limits: the engine, speech and recipes ask them; the bridge and CLI read them. */
  readonly spending: SpendingGuard;
  /** Which task a result was made from, written by the engine and read by the library and sync. */
  readonly madeFrom: MadeFromStore;
  readonly presets: PresetStore;
  readonly history: PromptHistory;
  readonly recipes: RecipeStore;
  readonly runner: RecipeRunner;
  /**
   * The one durable job mechanism (core/jobs): every kind of background work that must survive a restart runs on
   * it. The app's (background) studio starts it, which hands back what a crashed life left running.
   */
  readonly jobs: JobRunner;
  /** The cast (@Name in prompts) and the storyboard runs, on the recipe runner's machinery and limits. */
  readonly cast: CastStore;
  readonly boards: StoryboardRunner;
  /** The Storyboard page's boards, their one price and their runs (on `boards`, with `cast`). */
  readonly storyboards: StoryboardDesk;
  readonly usage: UsageReader;
  /** What keyed agent calls the engine keeps no key for answered with (a recipe's runs, a speech take). */
  readonly agentAnswers: AgentAnswers;
  /** What ends with the studio: the shells add their own here (event subscriptions), never a second list. */
  readonly disposables: DisposableStore;
  /** The core of one library folder, at a request budget (the engine's default when not given). */
  libraryCore(libraryDir: string, budget?: BudgetOptions): LibraryCore;
  /** Library sync over a library of this studio, its made-from links the engine's own. */
  sync(library: Library, options: Omit<SyncServiceOptions, 'db' | 'library' | 'madeFrom'>): SyncService;
  /**
   * Ends everything the root built, in order: sync rounds, recipe runs, every library core still open, what the
   * shells registered, then the database.
   */
  close(): Promise<void>;
}

export function composeStudio(shell: StudioShell): Studio {
  const { db, gateway, logger } = shell;
  const clock = shell.clock ?? systemClock;
  const disposables = new DisposableStore();
  // Registered with the studio's one store: its teardown (abort what runs, hand it back untried) is the root's.
  const jobs = disposables.add(new JobRunner({ db, clock, logger }));
  const references = ReferenceStore.forDatabase(db);
  const prices = new GatewayPrices({
    db,
    clock,
    current: shell.gatewayKey,
    logger,
    edits: shell.startingPriceEdits,
  });
  const spending = new SpendingGuard({ db, clock, prices: () => prices.book() });
  const madeFrom = new MadeFromStore(db);
  const presets = new PresetStore({ db, clock });
  const runner = new RecipeRunner({
    engine: async () => (await shell.inUse()).engine,
    // The limits the engine asks before each send, asked once for the whole recipe, as a batch is measured.
    admitAll: (requests, options) => spending.admitAll(requests, options),
    itemsOf: async (taskId) => (await shell.inUse()).library.forTask(taskId),
    // A saved picture becomes the next step's reference without a copy.
    asReference: async (item) => (await references.addFile(item.path, { link: true })).uri,
    clock,
    ...(shell.background ? { durable: { store: new RecipeRunStore(db), jobs } } : {}),
  });
  const boards = new StoryboardRunner({
    engine: async () => (await shell.inUse()).engine,
    // The whole board is measured once, before its first part, as a recipe is.
    admitAll: (requests, options) => spending.admitAll(requests, options),
    itemsOf: async (taskId) => (await shell.inUse()).library.forTask(taskId),
    // A copy, not a link: the extracted frame is a scratch file.
    referenceOf: async (path) => (await references.addFile(path)).uri,
    speak: async (request, options) => (await (await shell.inUse()).speech.synthesize(request, options)).item,
    allocate: async (name) => (await shell.inUse()).library.allocatePath(name),
    fileCut: async (cut) => fileCut(cut, (await shell.inUse()).library, madeFrom),
    scratchDir: async () => join((await shell.inUse()).libraryDir, '.storyboard'),
    clock,
    // Each run a `storyboard` job of the one runner, as recipe runs are: a restart resumes it once.
    ...(shell.background ? { durable: { store: new StoryboardRunStore(db), jobs } } : {}),
  });
  const cast = new CastStore({ db, clock });
  const storyboards = new StoryboardDesk({
    cast,
    saved: new StoryboardStore({ db, clock }),
    runner: boards,
    estimate: (requests) => prices.estimate(requests),
    check: (requests) => spending.check(requests),
    // A synced cast names its pictures by hash; this device's store is filled from the library in use.
    pictures: {
      stored: (uri) =>
        references.read(uri).then(
          () => true,
          () => false,
        ),
      bySha256: async (sha256) => (await shell.inUse()).library.bySha256(sha256),
      store: async (path) => void (await references.addFile(path, { link: true })),
    },
    // A shot run alone that continues from the one before: that shot's take's last frame, as the runner takes it.
    lastFrame: async ({ runId, taskId, itemId }) => {
      const { library, libraryDir } = await shell.inUse();
      const video = library.forTask(taskId).find((item) => item.id === itemId);
      if (!video) return null;
      const scratch = join(libraryDir, '.storyboard');
      const frame = await lastFrameReference(video.path, scratch, `${runId}-${itemId}-last`);
      return (await references.addFile(frame)).uri;
    },
  });
  // One vault for every library core: a task sent before a folder change is polled with its own key after it.
  const keyVault = shell.taskKeys ? keyVaultIn(shell.taskKeys, (message) => logger.warn(message)) : null;
  const open = new Set<LibraryCore>();
  const syncs = new Set<SyncService>();
  let closed = false;

  const libraryCore = (libraryDir: string, budget?: BudgetOptions): LibraryCore => {
    const parts = composeCore({
      db,
      gateway,
      clock,
      libraryDir,
      ...(budget ? { budget } : {}),
      logger,
      gatewayKey: () => shell.gatewayKey() ?? '',
      history: prices,
      guard: spending,
      madeFrom,
      presets,
      references,
      runQueue: shell.background,
      // The queue's items and the downloads are jobs of the studio's one runner, whichever library core runs them.
      jobs,
      ...(shell.polling ? { polling: shell.polling } : {}),
      ...(keyVault ? { keyVault } : {}),
      ...(shell.resultAddresses ? { resultAddresses: shell.resultAddresses } : {}),
      ...(shell.trash ? { trash: shell.trash } : {}),
      ...(shell.models ? { models: shell.models } : {}),
    });
    // Deletions still inside their undo window end with the library (the app's quit or folder change).
    const endUndoWindows = () => (shell.background ? parts.library.bulk.flush() : Promise.resolve());
    const core: LibraryCore = {
      ...parts,
      libraryDir,
      money: coreMoney({ engine: parts.engine, prices, gatewayKey: shell.gatewayKey }),
      async handOver() {
        open.delete(core);
        // Not close(): that would cut a submission in flight, and the next engine would find its row in
        // 'submitting' and mark it interrupted though the gateway created (and charged) the task.
        await parts.engine.handOver();
        parts.speech.close();
        await endUndoWindows();
      },
      async close() {
        if (!open.delete(core)) return;
        parts.speech.close();
        await parts.engine.close();
        await endUndoWindows();
      },
    };
    open.add(core);
    return core;
  };

  if (shell.background) jobs.start();

  return {
    db,
    clock,
    references,
    prices,
    spending,
    madeFrom,
    presets,
    history: new PromptHistory({ db, clock }),
    recipes: new RecipeStore({ db, clock }),
    runner,
    jobs,
    cast,
    boards,
    storyboards,
    usage: new UsageReader(shell.usage, clock),
    agentAnswers: new AgentAnswers(db, clock),
    disposables,
    libraryCore,
    sync: (library, options) => {
      // The studio's clock unless the shell names its own: a round's retries wait on it, never on a real timer.
      const service = new SyncService({ clock, ...options, db, library, madeFrom });
      syncs.add(service);
      return service;
    },
    async close() {
      if (closed) return;
      closed = true;
      // A round is stopped first: it reads and writes the library the cores below are about to close.
      for (const service of syncs) await service.close();
      // Before the engines stop: a send they cut off is not a failed step, and the next start resumes it.
      runner.close();
      boards.close();
      // Running jobs are aborted and handed back to the line before the engines they wait on close.
      await jobs.close();
      for (const core of [...open]) await core.close();
      disposables.dispose();
      db.close();
    },
  };
}
