// Runs a board on the same machinery as recipes: the task engine's public facade (submit, waitFor, and its queue
// where the engine sends one), the spending limits asked once for the whole board before anything is sent, and
// each paid part kept in the database with its submission key before it is sent (storyboard-run-store.ts). Where
// runs are kept (the app), each run is a `storyboard` job of the studio's one job runner (core/jobs), written
// before its first paid part, as a recipe run is: a restart hands the job back once and it goes on at the part
// its run reached, a part that may have been sent going again only under its key, which the engine answers with
// the task it holds, never a second paid one; a cancel is the job's, so it holds after a restart. Narration is
// spoken first, then the shots in order (storyboard-parts.ts), then the music bed, then the cut
// (storyboard-cut.ts). A failed part stops the run; trying again sends that part alone.
import { JOB_KINDS } from '../../../shared/studio/jobs';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { CastMemberDraft } from '../../../shared/studio/cast';
import type { LibraryItem } from '../../../shared/studio/records';
import type { Storyboard, StoryboardRun } from '../../../shared/studio/storyboard';
import { systemClock, type Clock } from '../clock';
import type { JobContext, JobRunner } from '../jobs';
import { RunJobs } from '../jobs/run-jobs';
import type { RecipeEngine } from '../recipes/recipe-runner';
import type { SpeechRequest } from '../speech/speech-request';
import type { TaskConfiguration } from '../tasks/task-history';
import { planStoryboard } from './storyboard-plan';
import type { StoryboardRunStore } from './storyboard-run-store';
import type { CutToFile } from './cut-filing';
import { cutBoard } from './storyboard-cut';
import { musicPart, narratePart, shotPart, type PartContext } from './storyboard-parts';
import { internal, StoryboardStopped } from './storyboard-stops';
import {
  newRunning,
  resetFailed,
  stopCancelled,
  stopIfCancelled,
  type Running,
} from './storyboard-run-state';

export type { CutToFile } from './cut-filing';

export interface StoryboardPorts {
  engine(): Promise<RecipeEngine>;
  /** The spending limits: the whole board is measured once, as a batch is. */
  admitAll?(
    requests: readonly TaskConfiguration[],
    options: { confirmed?: boolean; overBudget?: boolean },
  ): void;
  itemsOf(taskId: string): Promise<LibraryItem[]>;
  /** A local picture (a shot's extracted last frame) as a stored reference (`studio-ref:`). */
  referenceOf(path: string): Promise<string>;
  /** One narration take: from the library when it was spoken before, else a new (paid) take. */
  speak(request: SpeechRequest, options: { confirmed: boolean; overBudget: boolean }): Promise<LibraryItem>;
  /** A free path in the library for a new file of this name. */
  allocate(name: string): Promise<string>;
  /** The assembled cut filed in the library as an item made from its shots. */
  fileCut(cut: CutToFile): Promise<LibraryItem>;
  /** Where frames and joined narration are written. */
  scratchDir(): Promise<string>;
  /**
   * Where runs are kept across restarts, and the studio's durable jobs that drive them (one `storyboard` job per
   * run, keyed by its id: a restart resumes each exactly once); without them a run lasts as long as the runner.
   */
  durable?: { store: StoryboardRunStore; jobs: JobRunner };
  clock?: Clock;
}

/** The job kind of a kept run. Runs go side by side (each part waits its turn in the queue), so no cap but this. */
const RUN_JOB = JOB_KINDS.storyboard;
const PARALLEL_RUNS = 64;
/** The sentence on a cancelled run's job. */
const CANCELLED = 'The person cancelled the rest of the storyboard.';

export interface BoardRunOptions {
  confirmed?: boolean;
  overBudget?: boolean;
}

export class StoryboardRunner {
  readonly #ports: StoryboardPorts;
  readonly #clock: Clock;
  readonly #runs = new Map<string, Running>();
  readonly #local = new Set<Promise<unknown>>();
  readonly #listeners = new Set<(run: StoryboardRun) => void>();
  readonly #parts: PartContext;
  readonly #runJobs: RunJobs;
  #closed = false;

  constructor(ports: StoryboardPorts) {
    this.#ports = ports;
    this.#parts = { ports, keep: (run) => this.#keep(run), local: (work) => this.#localWork(work) };
    this.#clock = ports.clock ?? systemClock;
    this.#runJobs = new RunJobs({
      kind: RUN_JOB,
      parallel: PARALLEL_RUNS,
      runner: () => this.#ports.durable?.jobs ?? null,
      run: (key, context) => this.#runJob(key, context),
    });
  }

  /** Starts the board once the limits admitted all of it; resolves with the run as it starts. */
  start(board: Storyboard, cast: readonly CastMemberDraft[], options: BoardRunOptions = {}): StoryboardRun {
    const plan = planStoryboard(board, cast);
    const running = newRunning(board, cast, plan, { ...options, now: this.#clock.now() });
    const { run } = running;
    // The whole board against the limits, in the transaction that writes its run down: refused, none is kept.
    const admitAndKeep = () => {
      this.#ports.admitAll?.(plan.requests, options);
      this.#keep(running);
    };
    const store = this.#ports.durable?.store;
    if (store) store.inTransaction(admitAndKeep);
    else admitAndKeep();
    this.#runs.set(run.id, running);
    this.#go(running);
    return structuredClone(run);
  }

  /**
   * Lists the runs kept before a restart and registers the run kind, whose recovery hands back each run a crash
   * left going, once (call once, after the engine of this process is up). A run its person cancelled stays
   * cancelled; one still running without a job (kept by an earlier version) gets one now.
   */
  reopen(): void {
    const jobs = this.#runJobs.jobs();
    for (const stored of this.#ports.durable?.store.recent() ?? []) {
      if (this.#runs.has(stored.run.id)) continue;
      const running = this.#fromStore(stored);
      this.#runs.set(stored.run.id, running);
      if (stored.run.state !== 'running') continue;
      const job = jobs?.store.byKey(RUN_JOB, stored.run.id);
      if (running.cancelled || job?.state === 'cancelled') {
        stopCancelled(running);
        this.#keep(running);
      } else if (!job) this.#go(running);
    }
  }

  close(): void {
    this.#closed = true;
  }

  /** Every change of a run, as it is kept: the page follows the run from these, never by asking. */
  subscribe(listener: (run: StoryboardRun) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Cancels the rest of a running board: a part waiting in the queue is taken out (not charged), nothing after the
   * part under way is sent, and the run stops with a sentence saying so. Trying again goes on from there.
   */
  cancel(id: string): StoryboardRun {
    const running = this.#runs.get(id);
    if (!running || running.run.state !== 'running') {
      throw new GatewayError(
        localErrorInfo('invalid_request_error', 'Only a storyboard run that is running can be cancelled.'),
      );
    }
    running.cancelled = true;
    running.queued?.cancel();
    // Kept, and the job's: a restart before the drive reaches its next part finds the run cancelled.
    this.#keep(running);
    const jobs = this.#ports.durable?.jobs;
    const job = jobs?.store.byKey(RUN_JOB, id);
    if (jobs && job) {
      const waiting = job.state === 'waiting';
      jobs.cancel(job.id, CANCELLED);
      // No drive will reach a part of a run whose job never started: it stops now.
      if (waiting) this.#settle(running);
    }
    return structuredClone(running.run);
  }

  get(id: string): StoryboardRun | null {
    const running = this.#runs.get(id);
    return running ? structuredClone(running.run) : null;
  }

  list(): StoryboardRun[] {
    return [...this.#runs.values()].map((r) => structuredClone(r.run)).reverse();
  }

  async settled(id: string): Promise<StoryboardRun | null> {
    await this.#runs.get(id)?.done;
    return this.get(id);
  }

  /** What trying a stopped run again sends: the failed shot or the music alone (narration and the cut are free). */
  retryRequests(id: string): TaskConfiguration[] {
    const running = this.#failed(id);
    const shot = running.run.shots.findIndex((s) => s.state === 'failed');
    if (shot >= 0) return [running.plan.shots[shot] as TaskConfiguration];
    if (running.run.music?.state === 'failed' && running.plan.music) return [running.plan.music];
    return [];
  }

  /** Tries the failed part again on its own (measured as one submission), then goes on with the rest. */
  retry(id: string, options: BoardRunOptions = {}): StoryboardRun {
    const requests = this.retryRequests(id);
    const running = this.#runs.get(id) as Running;
    this.#ports.admitAll?.(requests, { confirmed: options.confirmed, overBudget: running.overBudget });
    resetFailed(running);
    this.#keep(running);
    this.#go(running);
    return structuredClone(running.run);
  }

  /** Drives the run: as its durable job where runs are kept, here and now otherwise (the CLI). */
  #go(running: Running): void {
    const queued = this.#runJobs.enqueue(running.run.id, () => {
      running.done = new Promise((resolve) => (running.finished = resolve));
    });
    if (!queued) running.done = this.#drive(running);
  }

  /** One run's job: on from the part its run reached; a run that stopped fails its job with its sentence. */
  async #runJob(id: string, context: JobContext): Promise<undefined> {
    let running = this.#runs.get(id);
    const stored = running ? null : this.#ports.durable?.store.get(id);
    if (!running && stored) {
      running = this.#fromStore(stored);
      this.#runs.set(id, running);
    }
    if (!running || running.run.state !== 'running') {
      running?.finished?.();
      return undefined;
    }
    if (running.cancelled) {
      this.#settle(running);
      return undefined;
    }
    const held = running;
    // The job cancelled (by the run's Cancel or through the jobs) is the run's cancel; the runner ending (the app
    // quitting) detaches the drive: this process sends and keeps nothing more, and the next start goes on.
    const aborted = new Promise<never>((_, reject) => {
      const stop = () => {
        if (this.#ports.durable?.jobs.store.byKey(RUN_JOB, id)?.state === 'cancelled') {
          held.cancelled = true;
          held.queued?.cancel();
        } else held.detached = true;
        reject(context.signal.reason as Error);
      };
      if (context.signal.aborted) stop();
      else context.signal.addEventListener('abort', stop, { once: true });
    });
    await Promise.race([this.#drive(held).finally(() => held.finished?.()), aborted]);
    if (held.run.state === 'failed')
      throw new StoryboardStopped(held.run.error?.message ?? 'The storyboard run stopped.');
    return undefined;
  }

  /** A cancelled run no drive will stop stops now, kept and told, and whoever waits for it is answered. */
  #settle(running: Running): void {
    stopCancelled(running);
    this.#keep(running);
    running.finished?.();
  }

  #fromStore(stored: NonNullable<ReturnType<StoryboardRunStore['get']>>): Running {
    return { ...stored, plan: planStoryboard(stored.board, stored.cast), done: Promise.resolve() };
  }

  #failed(id: string): Running {
    const running = this.#runs.get(id);
    if (!running || running.run.state !== 'failed') {
      throw new GatewayError(
        localErrorInfo('invalid_request_error', 'Only a storyboard run that stopped can be tried again.'),
      );
    }
    return running;
  }

  async #drive(running: Running): Promise<void> {
    const { run, plan } = running;
    try {
      for (const narration of plan.narration) {
        stopIfCancelled(running);
        await narratePart(this.#parts, running, narration.shot, narration.takes);
      }
      for (let i = 0; i < run.shots.length; i++) {
        stopIfCancelled(running);
        await shotPart(this.#parts, running, i);
      }
      stopIfCancelled(running);
      await musicPart(this.#parts, running);
      stopIfCancelled(running);
      await this.#localWork(cutBoard(this.#ports, running));
      run.state = 'completed';
      this.#keep(running);
    } catch (thrown) {
      run.state = 'failed';
      run.error = thrown instanceof GatewayError ? thrown.info : internal(thrown);
      this.#keep(running);
    }
  }

  /** Local work (speech, ffmpeg, filing) under way: what a caller waiting for the run to go quiet waits for. */
  isBusy(): boolean {
    return this.#local.size > 0;
  }

  async whenLocalDone(): Promise<void> {
    await Promise.allSettled([...this.#local]);
  }

  #localWork<T>(work: Promise<T>): Promise<T> {
    this.#local.add(work);
    const forget = () => this.#local.delete(work);
    work.then(forget, forget);
    return work;
  }

  #keep(running: Running): void {
    if (this.#closed || running.detached) return;
    const { run, board, cast, overBudget, attempts, shotKeys, musicKey, narrationPaths } = running;
    const cancelled = running.cancelled ?? false;
    this.#ports.durable?.store.save({
      run,
      board,
      cast,
      overBudget,
      attempts,
      shotKeys,
      musicKey,
      narrationPaths,
      cancelled,
    });
    for (const listener of [...this.#listeners]) listener(structuredClone(run));
  }
}
