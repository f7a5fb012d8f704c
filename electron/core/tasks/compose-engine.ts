// The engine's parts, built once and wired to each other: the facade (task-engine.ts) holds them, and each
// part's own tests take them from here, so a part is tested as the engine wires it and the wiring is written once.
import { randomUUID } from 'node:crypto';
import { systemClock } from '../clock';
import { DiskRoom } from '../db/disk-space';
import { JobRunner } from '../jobs';
import { Lifetime } from '../lifetime';
import { silentLogger } from '../log';
import { ReferenceStore } from '../references/reference-store';
import { ReferenceUploads } from '../references/reference-uploads';
import { TaskWriter } from './engine-context';
import type { EngineContext, EngineWork } from './engine-context';
import type { EngineStats, TaskEngineOptions } from './engine-options';
import { MadeFromStore } from './made-from-store';
import { Pacer } from './pacing';
import { DEFAULT_POLL_POLICY } from './poll-schedule';
import { SubmittingKeys } from './submitting-keys';
import { Reconciler } from './reconciler';
import { DEFAULT_BUDGET, RequestBudget } from './request-budget';
import { Sender } from './sender';
import { fileSiblingTask } from './sibling-tasks';
import { StudioEventHub } from './studio-event-hub';
import { Submissions } from './submission';
import { SubmissionQueue } from './submission-queue';
import { TaskDownloads } from './task-downloads';
import { TaskQueries } from './task-queries';
import { TaskStore } from './task-store';
import { Tracker } from './tracker';
import { isTerminalState } from '../../../shared/studio/records';
import { studioRefusal } from '../../../shared/gateway/gateway-error';
import type { TaskRecord } from '../../../shared/studio/records';

export interface EngineParts {
  readonly ctx: EngineContext;
  readonly events: StudioEventHub;
  readonly stats: EngineStats;
  readonly lifetime: Lifetime<EngineWork>;
  readonly tasks: TaskWriter;
  readonly pacer: Pacer;
  readonly downloads: TaskDownloads;
  readonly reconciler: Reconciler;
  readonly tracker: Tracker;
  readonly sender: Sender;
  readonly submissions: Submissions;
  readonly queries: TaskQueries;
  readonly queue: SubmissionQueue;
  /**
   * Stops tracking a task (it keeps running upstream, and may be charged); downloads in flight for it are
   * cancelled. The row stays, its charge is compared with the usage report like an interrupted task's, and
   * track() takes it up again.
   */
  stop(taskId: string): TaskRecord;
  /**
   * "Track again": a stopped task the gateway knows (it has its remote id) is polled again under that id, so its
   * result is fetched at no new charge. Nothing is ever submitted again from here.
   */
  track(taskId: string): TaskRecord;
  /** True while a gateway request or a file fetch is in flight (tests and the bench step the clock around it). */
  isBusy(): boolean;
  /** Resolves once isBusy() is false: every poll, send and file fetch in flight has finished. */
  whenQuiet(): Promise<void>;
  /**
   * Reads, once, the kept key of each task in use (start, or a poll out of turn before it: the CLI's `task <id>`
   * in a new process), so no request about a task goes with a key that did not send it.
   */
  restoreKeys(): Promise<void>;
  /** Rebuilds the schedule from the rows (TaskEngine.start), once. */
  start(options?: { handover?: boolean }): Promise<void>;
  /** Ends the lifetime; resolves once nothing in flight can touch the database any more. */
  close(): Promise<void>;
}

const FINISHED: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

export function composeEngine(options: TaskEngineOptions): EngineParts {
  const logger = options.logger ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const events = new StudioEventHub(logger);
  const stats: EngineStats = { submits: 0, polls: 0 };
  const lifetime = new Lifetime<EngineWork>(clock);
  // The rows count their files through the downloads, which read the rows: the store asks them lazily.
  let downloads: TaskDownloads | null = null;
  const store = new TaskStore(options.db, (ids) => downloads?.countsFor(ids) ?? new Map());
  const tasks = new TaskWriter(store, clock, events);
  const ctx: EngineContext = {
    clock,
    gateway: options.gateway,
    budget: new RequestBudget(clock, options.budget ?? DEFAULT_BUDGET),
    policy: { ...DEFAULT_POLL_POLICY, ...options.polling },
    lifetime,
    tasks,
    events,
    logger,
    stats,
    requestTimeoutMs: options.requestTimeoutMs ?? 20_000,
    random: options.random ?? Math.random,
    room: DiskRoom.forDatabase(options.db),
    keys: new SubmittingKeys(options.keyVault ?? null, logger),
  };
  const history = options.history ?? null;
  const references = options.references ?? ReferenceStore.forDatabase(options.db);
  const madeFrom = options.madeFrom ?? new MadeFromStore(options.db);
  const pacer = new Pacer(clock, ctx.policy, history, logger, ctx.random);
  // The studio's durable jobs (the root's): the queue's items and the downloads are jobs of it. An engine built
  // alone (its tests, the soak's lives) runs its own.
  const ownJobs = options.jobs ? null : new JobRunner({ db: options.db, clock, logger, random: ctx.random });
  const jobs = options.jobs ?? (ownJobs as JobRunner);
  downloads = new TaskDownloads(ctx, options.db, options.downloads ?? null, jobs);
  const reconciler = new Reconciler(ctx, options.reconcileAfterMs ?? 600_000);
  let sender: Sender | null = null;
  const tracker = new Tracker(ctx, {
    pacer,
    downloads,
    reconciler,
    history,
    maxInFlight: options.maxInFlight ?? 16,
    // The sender is built next; nothing is due before the engine starts.
    send: (id) => (sender ? sender.send(id) : Promise.reject(new Error('the sender is not built yet'))),
  });
  sender = new Sender(ctx, {
    uploads: new ReferenceUploads(options.db, clock, ctx.gateway, references),
    tracker,
    pacer,
    reconciler,
    maxResubmits: options.maxResubmits ?? 5,
    maxRateLimitWaits: options.maxRateLimitWaits ?? 20,
    // The queue is built below; its rows are read straight from the database, so a start needs no queue object.
    queued: (key) => (queue.store.ownsKey(key) ? (options.runQueue ? 'send' : 'leave') : null),
    fileSibling: (first, remoteId, status) =>
      fileSiblingTask(
        ctx,
        tracker,
        options.newId ?? randomUUID,
        (id) => options.guard?.stamp?.(id),
        first,
        remoteId,
        status,
      ),
  });
  const submissions = new Submissions(ctx, {
    db: options.db,
    sender,
    pacer,
    reconciler,
    references,
    madeFrom,
    guard: options.guard ?? null,
    libraryFiles: options.libraryFiles ?? null,
    newId: options.newId ?? randomUUID,
    taskStyles: options.taskStyles ?? null,
    // The queue is built below, from the submissions; a batch reaches it only once the engine runs.
    overflow: options.runQueue
      ? (requests, addOptions): Promise<string[]> => queue.add(requests, addOptions)
      : null,
  });
  const queries = new TaskQueries(store, events, downloads, madeFrom, options.db);
  const live = downloads;
  const stop = (taskId: string): TaskRecord => {
    const task = store.require(taskId);
    live.cancel(taskId);
    if (isTerminalState(task.record.state)) return task.record;
    tracker.untrack(taskId);
    const stopped = tasks.update(taskId, { state: 'stopped' });
    // The gateway may still finish and charge it: what it cost is read from usage as for any lost answer.
    reconciler.later(taskId);
    return stopped;
  };
  const track = (taskId: string): TaskRecord => {
    const { record } = store.require(taskId);
    if (record.state !== 'stopped' || !record.remoteId) {
      throw studioRefusal(
        'invalid_request_error',
        record.state === 'stopped'
          ? 'This task has no gateway id, so it cannot be asked about: only its charge can be checked.'
          : 'Only a task whose tracking was stopped can be tracked again.',
        { code: 'not_stopped' },
      );
    }
    reconciler.cancel(taskId);
    // The state it had at the gateway is asked at once; the error a stop kept (error answers) is cleared, so
    // their deadline counts afresh. The same remote id: never a new submission, never a new charge.
    const tracked = tasks.update(taskId, { state: 'submitted', error: null });
    pacer.markResumed(taskId);
    tracker.schedule(taskId, clock.now());
    return tracked;
  };
  const queue: SubmissionQueue = new SubmissionQueue(ctx, {
    db: options.db,
    references,
    guard: options.guard ?? null,
    history,
    submit: (request, submitOptions): Promise<TaskRecord> => submissions.submit(request, submitOptions),
    stop: (taskId) => void stop(taskId),
    newId: options.newId ?? randomUUID,
    jobs,
  });
  const isBusy = (): boolean => lifetime.count(['poll', 'send']) > 0 || live.activeFetches > 0;
  let started = false;
  let keysRestored: Promise<void> | null = null;
  // Each unfinished task's own key from the secret store (and each completed one's whose files are still to
  // come: their links are renewed with it), before anything is polled or fetched.
  const restoreKeys = (): Promise<void> =>
    (keysRestored ??= ctx.keys.restore(store.keyRefsInUse(live.tasksWithFilesToCome())));
  return {
    restoreKeys,
    async start({ handover = false } = {}) {
      if (started) return;
      started = true;
      // The reserve a full disk used up last time is put back once there is room for it.
      ctx.room.ensureReserve();
      await restoreKeys();
      // A finished task whose files are all in (or given up) no longer needs its key kept: dropped once no task
      // in use was sent with it. Looked at after the change that told it: a task's completion is told before
      // its files are recorded (in the same turn), and each file that settles tells the task again.
      events.on('task', ({ task }) => {
        if (FINISHED.has(task.state))
          queueMicrotask(
            () =>
              void ctx.keys.prune(
                () => new Set(store.keyRefsInUse(live.tasksWithFilesToCome()).map((t) => t.keyRef)),
              ),
          );
      });
      sender.resume(handover);
      reconciler.resume();
      tracker.resume();
      // Only an engine that sends the queue (the app's, the soak's) takes up its items; the CLI's edits rows.
      if (options.runQueue) {
        queue.start();
        ownJobs?.start();
      }
      await live.start();
    },
    async close() {
      // The queue's kind leaves the job mechanism first: an item cut off here waits for the next start.
      queue.stop();
      await ownJobs?.close();
      lifetime.dispose(new Error('engine closed'));
      // Polls and background work write rows; submissions in flight were aborted by the signal.
      await lifetime.settled(['poll', 'background']);
      await live.close();
      // A key dropped as its last task settled is gone from the store before a short-lived process (the CLI)
      // ends: left for later, it would stay on disk until the next start.
      await ctx.keys.written();
    },
    isBusy,
    async whenQuiet() {
      while (isBusy()) {
        await Promise.all([lifetime.settled(['poll']), lifetime.settled(['send']), live.fetchesDone()]);
      }
    },
    ctx,
    events,
    stats,
    lifetime,
    tasks,
    pacer,
    downloads,
    reconciler,
    tracker,
    sender,
    submissions,
    queries,
    queue,
    stop,
    track,
  };
}
