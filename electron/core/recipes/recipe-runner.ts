// Runs recipes on the task engine's public API. The spending limits measure the whole recipe (every step,
// every prompt of a batch) once, before anything is sent, as they do for a batch; then each step is submitted
// only when the previous step's result is saved, taking it through its bound field, with the previous task as
// its parent so the result is filed with its made-from link. A step that fails, or whose result is not saved,
// stops its run: nothing after it is sent, and that step can be tried again on its own. In an engine that
// sends the queue (the app's) each step waits in it as any other item, marked as the recipe's step: the
// person sees it, pauses, moves or cancels it, and the queue's parallel cap and its limits at send hold (a
// budget reached pauses the queue rather than failing the step). A step cancelled there stops its run, not
// charged. The CLI's engine sends no queue, so a step goes at once there. Runs are kept in the database
// (recipe-run-store.ts) before and after every send, so a restart resumes each at the step it reached: a step
// already sent is waited for, and one that may have been sent goes again only under its stored key, which the
// engine answers with the task it holds rather than a second paid one.
import { JOB_KINDS } from '../../../shared/studio/jobs';
import { randomUUID } from 'node:crypto';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { LibraryItem, TaskRecord } from '../../../shared/studio/records';
import {
  stepRequest,
  type RecipeDraft,
  type RecipeRun,
  type RecipeStep,
} from '../../../shared/studio/recipes';
import { systemClock, type Clock } from '../clock';
import { draftOf, type RecipeRunStore } from './recipe-run-store';
import { cancelledByPerson, notSaved, RecipeStopped } from './recipe-stops';
import { boundRequest } from './recipe-binding';
import { sendStep, type Running } from './recipe-send';
import type { JobContext, JobRunner } from '../jobs';
import { RunJobs } from '../jobs/run-jobs';
import { assertRecipeRuns } from './recipe-check';
import { MAX_PRESS_TASKS } from '../../../shared/studio/press';
import type { SubmitOptions } from '../tasks/engine-options';
import type { QueuedItem } from '../tasks/queue-store';
import type { QueueAddOptions } from '../tasks/submission-queue';

/** What the runner needs of the engine's queue: add a step, and learn when it left the line. */
export interface RecipeQueue {
  readonly sends: boolean;
  add(requests: readonly SubmissionRequest[], options: QueueAddOptions): Promise<string[]>;
  left(id: string): Promise<QueuedItem>;
  cancel(ids: readonly string[]): unknown;
}

/** What the runner needs of the engine: its public facade, nothing inside it. */
export interface RecipeEngine {
  submit(request: SubmissionRequest, options?: SubmitOptions): Promise<TaskRecord>;
  waitFor(taskId: string): Promise<TaskRecord>;
  readonly queue?: RecipeQueue;
}

export interface RecipePorts {
  /** The engine in use now (the host's may be rebuilt between steps). */
  engine(): Promise<RecipeEngine>;
  /** The spending limits: the whole recipe is measured once, as a batch is. */
  admitAll?(
    requests: readonly { family: FamilyId; model: string; params: Record<string, unknown> }[],
    options: { confirmed?: boolean; overBudget?: boolean },
  ): void;
  /** The saved files of a task, in file order. */
  itemsOf(taskId: string): Promise<LibraryItem[]>;
  /** A saved library image as a stored reference (`studio-ref:`). */
  asReference(item: LibraryItem): Promise<string>;
  /**
   * Where runs are kept across restarts, and the studio's durable jobs that drive them (one job per run, keyed by
   * its id: a restart resumes each exactly once); without them runs last as long as the runner.
   */
  durable?: { store: RecipeRunStore; jobs: JobRunner };
  clock?: Clock;
}

export interface RunOptions {
  /** One run per prompt (a batch of prompts); none: one run with the steps' own prompts. */
  prompts?: readonly string[];
  confirmed?: boolean;
  overBudget?: boolean;
}

/** The job kind of a kept run. Runs go side by side (each step waits its turn in the queue), so no cap but this. */
const RUN_JOB = JOB_KINDS.recipeRun;
const PARALLEL_RUNS = 256;

export class RecipeRunner {
  readonly #ports: RecipePorts;
  readonly #clock: Clock;
  readonly #runs = new Map<string, Running>();
  readonly #listeners = new Set<(run: RecipeRun) => void>();
  readonly #runJobs: RunJobs;
  #closed = false;
  constructor(ports: RecipePorts) {
    this.#ports = ports;
    this.#clock = ports.clock ?? systemClock;
    this.#runJobs = new RunJobs({
      kind: RUN_JOB,
      parallel: PARALLEL_RUNS,
      runner: () => this.#ports.durable?.jobs ?? null,
      run: (key, context) => this.#runJob(key, context),
    });
  }

  /** Every request the recipe will send, before anything is bound: what the estimate and the limits see. */
  static requests(recipe: RecipeDraft, prompts: readonly (string | null)[]) {
    return prompts.flatMap((prompt) => recipe.steps.map((step, i) => stepRequest(step, i, prompt)));
  }

  /** Starts the recipe (once per prompt); resolves with the runs once the limits admitted them. */
  start(given: RecipeDraft, options: RunOptions = {}): RecipeRun[] {
    const recipe = draftOf(given); // a saved recipe's id and updatedAt are not the run's (its record is strict)
    const prompts: (string | null)[] = options.prompts?.length ? [...options.prompts] : [null];
    const count = prompts.length * recipe.steps.length;
    if (count > MAX_PRESS_TASKS) {
      throw new GatewayError(
        localErrorInfo(
          'validation_error',
          `A recipe press sends at most ${MAX_PRESS_TASKS} tasks (steps × prompts); this one would send ${count}.`,
          { param: 'prompts' },
        ),
      );
    }
    // Checked whole again before anything is sent (a file run by the CLI, a recipe saved by an earlier version).
    assertRecipeRuns(recipe, prompts);
    const started = prompts.map((prompt) => {
      const run: RecipeRun = {
        id: randomUUID(),
        name: recipe.name,
        prompt,
        state: 'running',
        steps: recipe.steps.map((s) => ({ family: s.family, state: 'waiting', taskId: null, error: null })),
        failedAt: null,
        startedAt: this.#clock.now(),
      };
      const running: Running = {
        run,
        recipe,
        overBudget: options.overBudget ?? false,
        attempts: 0,
        keys: recipe.steps.map(() => null),
        cancelled: false,
        queued: null,
        done: Promise.resolve(),
      };
      return running;
    });
    // The whole press against the limits, in the transaction that writes its runs down: refused, none is kept.
    const admitAndKeep = () => {
      this.#ports.admitAll?.(RecipeRunner.requests(recipe, prompts), options);
      for (const running of started) this.#keep(running);
    };
    const store = this.#ports.durable?.store;
    if (store) store.inTransaction(admitAndKeep);
    else admitAndKeep();
    return started.map((running) => {
      this.#runs.set(running.run.id, running);
      this.#go(running, 0, null);
      return structuredClone(running.run);
    });
  }

  /**
   * Takes up the runs kept before a restart: the newest are listed again, and each still running has its job
   * (one written by an earlier version gets one now); the durable jobs hand back a job a crash left running and
   * run it once, at the step its run reached (call once, after the engine of this process is up).
   */
  resume(): void {
    for (const stored of this.#ports.durable?.store.recent() ?? []) {
      if (this.#runs.has(stored.run.id)) continue;
      const running = this.#fromStore(stored);
      this.#runs.set(stored.run.id, running);
      if (stored.run.state === 'running') this.#go(running, 0, null);
    }
    this.#runJobs.jobs();
  }

  /** Told every change of a run (its steps, its state): the app forwards it on the event stream. */
  subscribe(listener: (run: RecipeRun) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops keeping runs (the process is closing): what is kept is what the next start resumes. */
  close(): void {
    this.#closed = true;
  }

  get(id: string): RecipeRun | null {
    const running = this.#runs.get(id);
    return running ? structuredClone(running.run) : null;
  }

  /** The runs of this session, newest first. */
  list(): RecipeRun[] {
    return [...this.#runs.values()].map((r) => structuredClone(r.run)).reverse();
  }

  /** Resolves when the run has finished or stopped (tests, the CLI). */
  async settled(id: string): Promise<RecipeRun | null> {
    await this.#runs.get(id)?.done;
    return this.get(id);
  }

  /**
   * Cancels the rest of a running run: a step waiting in the queue is taken out (not charged); a step already at
   * the gateway goes on (it may be charged whatever happens here) and nothing after it is sent.
   */
  cancel(id: string): RecipeRun {
    const running = this.#runs.get(id);
    if (!running || running.run.state !== 'running') {
      throw new GatewayError(
        localErrorInfo('invalid_request_error', 'Only a running recipe can be cancelled.'),
      );
    }
    running.cancelled = true;
    this.#keep(running);
    if (running.queued) running.queued.queue.cancel([running.queued.id]);
    return structuredClone(running.run);
  }

  /** What trying a stopped run's failed step again sends (unbound): what the spend question and limits measure. */
  retryRequests(id: string): ReturnType<typeof stepRequest>[] {
    const running = this.#runs.get(id);
    const from = running?.run.failedAt ?? null;
    if (!running || from === null || running.run.state !== 'failed') {
      throw new GatewayError(
        localErrorInfo('invalid_request_error', 'Only a recipe that stopped at a step can try it again.'),
      );
    }
    return [stepRequest(running.recipe.steps[from] as RecipeStep, from, running.run.prompt)];
  }

  /** Tries the failed step again on its own (measured against the limits as one submission), then goes on. */
  retry(id: string, options: { confirmed?: boolean } = {}): RecipeRun {
    const requests = this.retryRequests(id);
    const running = this.#runs.get(id) as Running;
    const from = running.run.failedAt as number;
    this.#ports.admitAll?.(requests, { confirmed: options.confirmed, overBudget: running.overBudget });
    const previous = from > 0 ? (running.run.steps[from - 1]?.taskId ?? null) : null;
    running.run.state = 'running';
    running.run.failedAt = null;
    running.cancelled = false;
    // A new attempt is a new paid task: its own key, and the failed task stays as it was.
    const slot = running.run.steps[from];
    if (slot) slot.taskId = null;
    running.keys[from] = null;
    this.#keep(running);
    this.#go(running, from, previous);
    return structuredClone(running.run);
  }

  /** Drives the run from a step: as its durable job where runs are kept, here and now otherwise (the CLI). */
  #go(running: Running, from: number, previous: string | null): void {
    const queued = this.#runJobs.enqueue(running.run.id, () => {
      running.done = new Promise((resolve) => (running.finished = resolve));
    });
    if (!queued) running.done = this.#drive(running, from, previous);
  }

  /** One run's job: on from the first step not completed; a run that stopped at a step fails its job. */
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
    const from = running.run.steps.findIndex((s) => s.state !== 'completed');
    const previous = from > 0 ? (running.run.steps[from - 1]?.taskId ?? null) : null;
    if (from < 0) {
      running.run.state = 'completed';
      this.#keep(running);
    } else {
      // The runner ending (the app quitting) aborts the job: what is kept is what the next start resumes.
      const ended = new Promise<never>((_, reject) => {
        const stop = () => reject(context.signal.reason as Error);
        if (context.signal.aborted) stop();
        else context.signal.addEventListener('abort', stop, { once: true });
      });
      await Promise.race([this.#drive(running, from, previous), ended]);
    }
    running.finished?.();
    const { run } = running;
    if ((run.state as RecipeRun['state']) === 'failed') {
      const step = run.failedAt ?? 0;
      throw new RecipeStopped(run.steps[step]?.error?.message ?? `The run stopped at step ${step + 1}.`);
    }
    return undefined;
  }

  #fromStore(stored: NonNullable<ReturnType<RecipeRunStore['get']>>): Running {
    return { ...stored, cancelled: stored.cancelled ?? false, queued: null, done: Promise.resolve() };
  }

  async #drive(running: Running, from: number, previousTaskId: string | null): Promise<void> {
    const { run, recipe } = running;
    let previous = previousTaskId;
    for (let i = from; i < recipe.steps.length; i++) {
      const slot = run.steps[i];
      const step = recipe.steps[i];
      if (!slot || !step) return;
      if (running.cancelled && slot.taskId === null) return this.#stop(running, i, cancelledByPerson());
      slot.state = 'running';
      slot.error = null;
      try {
        const engine = await this.#ports.engine();
        if (slot.taskId === null) {
          const request = await boundRequest(this.#ports, stepRequest(step, i, run.prompt), step, previous);
          let key = running.keys[i] ?? null;
          if (key === null) {
            running.attempts += 1;
            key = `${run.id}-${i}-${running.attempts}`;
            running.keys[i] = key;
          }
          // Kept before the send: a restart from here sends under the same key, never a second paid task.
          this.#keep(running);
          slot.taskId = await sendStep(engine, running, i, request, {
            // The whole recipe was measured against the limits before its first step.
            confirmed: true,
            overBudget: running.overBudget,
            key,
            ...(previous ? { parentTaskId: previous } : {}),
          });
          this.#keep(running);
        }
        const settled = await engine.waitFor(slot.taskId);
        const saved =
          settled.state === 'completed' &&
          settled.downloads.total > 0 &&
          settled.downloads.done - settled.downloads.deleted === settled.downloads.total;
        if (!saved) {
          this.#stop(running, i, settled.error ?? notSaved(i));
          return;
        }
        slot.state = 'completed';
        previous = settled.id;
        this.#keep(running);
      } catch (thrown) {
        const info =
          thrown instanceof GatewayError
            ? thrown.info
            : localErrorInfo('internal_error', thrown instanceof Error ? thrown.message : String(thrown));
        this.#stop(running, i, info);
        return;
      }
    }
    run.state = 'completed';
    this.#keep(running);
  }

  #keep(running: Running): void {
    if (this.#closed) return;
    const { run, recipe, overBudget, attempts, keys, cancelled } = running;
    this.#ports.durable?.store.save({ run, recipe, overBudget, attempts, keys, cancelled });
    for (const listener of [...this.#listeners]) listener(structuredClone(run));
  }

  #stop(running: Running, step: number, error: RecipeRun['steps'][number]['error']): void {
    const slot = running.run.steps[step];
    if (slot) {
      slot.state = 'failed';
      slot.error = error;
    }
    running.run.state = 'failed';
    running.run.failedAt = step;
    this.#keep(running);
  }
}
