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
import { randomUUID } from 'node:crypto';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { takesPictures } from '../../../shared/catalog/families';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { LibraryItem, TaskRecord } from '../../../shared/studio/records';
import {
  bindField,
  stepRequest,
  type RecipeDraft,
  type RecipeRun,
  type RecipeStep,
} from '../../../shared/studio/recipes';
import { systemClock, type Clock } from '../clock';
import { draftOf, type RecipeRunStore } from './recipe-run-store';
import { cancelledByPerson, cancelledInQueue, notSaved } from './recipe-stops';
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
  /** Where runs are kept across restarts; without it they last as long as the runner. */
  store?: RecipeRunStore;
  clock?: Clock;
}

export interface RunOptions {
  /** One run per prompt (a batch of prompts); none: one run with the steps' own prompts. */
  prompts?: readonly string[];
  confirmed?: boolean;
  overBudget?: boolean;
}

interface Running {
  run: RecipeRun;
  recipe: RecipeDraft;
  overBudget: boolean;
  attempts: number;
  /** Per step: the submission key of its latest send, kept before the send. */
  keys: (string | null)[];
  /** The person cancelled the rest of the run: no step after this is sent. */
  cancelled: boolean;
  /** The step's item waiting in the queue now, which a cancel takes out. */
  queued: { id: string; queue: RecipeQueue } | null;
  done: Promise<void>;
}

export class RecipeRunner {
  readonly #ports: RecipePorts;
  readonly #clock: Clock;
  readonly #runs = new Map<string, Running>();
  #closed = false;
  constructor(ports: RecipePorts) {
    this.#ports = ports;
    this.#clock = ports.clock ?? systemClock;
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
    const { store } = this.#ports;
    if (store) store.inTransaction(admitAndKeep);
    else admitAndKeep();
    return started.map((running) => {
      this.#runs.set(running.run.id, running);
      running.done = this.#drive(running, 0, null);
      return structuredClone(running.run);
    });
  }

  /**
   * Takes up the runs kept before a restart: the newest are listed again, and each still running goes on at
   * the step it reached (call once, after the engine of this process is up).
   */
  resume(): void {
    for (const stored of this.#ports.store?.recent() ?? []) {
      if (this.#runs.has(stored.run.id)) continue;
      const running: Running = {
        ...stored,
        cancelled: stored.cancelled ?? false,
        queued: null,
        done: Promise.resolve(),
      };
      this.#runs.set(stored.run.id, running);
      if (stored.run.state !== 'running') continue;
      const from = stored.run.steps.findIndex((s) => s.state !== 'completed');
      if (from < 0) {
        stored.run.state = 'completed';
        this.#keep(running);
        continue;
      }
      const previous = from > 0 ? (stored.run.steps[from - 1]?.taskId ?? null) : null;
      running.done = this.#drive(running, from, previous);
    }
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
    running.done = this.#drive(running, from, previous);
    return structuredClone(running.run);
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
          const request = await this.#bound(stepRequest(step, i, run.prompt), step, previous);
          let key = running.keys[i] ?? null;
          if (key === null) {
            running.attempts += 1;
            key = `${run.id}-${i}-${running.attempts}`;
            running.keys[i] = key;
          }
          // Kept before the send: a restart from here sends under the same key, never a second paid task.
          this.#keep(running);
          slot.taskId = await this.#send(engine, running, i, request, {
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

  /** The step's task id: through the queue when the engine sends one, at once otherwise. */
  async #send(
    engine: RecipeEngine,
    running: Running,
    step: number,
    request: SubmissionRequest,
    options: SubmitOptions & { key: string },
  ): Promise<string> {
    const { run, recipe } = running;
    const queue = engine.queue?.sends ? engine.queue : null;
    if (!queue) return (await engine.submit(request, options)).id;
    // The same key after a restart finds the item already queued (or its task), never a second one.
    const [id] = await queue.add([request], {
      origin: 'recipe',
      group: run.id,
      keys: [options.key],
      confirmed: true,
      admitted: true,
      ...(options.parentTaskId ? { parentTaskId: options.parentTaskId } : {}),
      recipe: { run: run.id, name: recipe.name, step: step + 1, steps: recipe.steps.length },
    });
    const slot = run.steps[step];
    if (slot) slot.state = 'queued';
    running.queued = { id: id ?? '', queue };
    // A cancel that came while the step was being added takes it out now.
    if (running.cancelled) queue.cancel([id ?? '']);
    const item = await queue.left(id ?? '').finally(() => (running.queued = null));
    if (slot) slot.state = 'running';
    if (item.state === 'sent' && item.taskId !== null) return item.taskId;
    throw new GatewayError(
      item.state === 'cancelled' ? cancelledInQueue(item) : (item.error ?? notSaved(step)),
    );
  }

  #keep(running: Running): void {
    if (this.#closed) return;
    const { run, recipe, overBudget, attempts, keys, cancelled } = running;
    this.#ports.store?.save({ run, recipe, overBudget, attempts, keys, cancelled });
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

  /** The step's request with the previous step's saved result in its bound field. */
  async #bound(
    request: ReturnType<typeof stepRequest>,
    step: RecipeStep,
    previous: string | null,
  ): Promise<SubmissionRequest> {
    if (!step.bind || previous === null) return request;
    const field = bindField(step.family, step.bind);
    const items = await this.#ports.itemsOf(previous);
    const params = { ...request.params };
    if (step.bind === 'grid') {
      const remote = items[0]?.remoteTaskId;
      if (!remote) throw new GatewayError(notSaved(0));
      params.task_id = remote;
    } else if (step.bind === 'track') {
      const track = items.find((it) => it.kind === 'audio' && it.trackIndex !== null);
      if (!track?.remoteTaskId) throw new GatewayError(notSaved(0));
      params.task_id = track.remoteTaskId;
      params.audio_index = track.trackIndex;
    } else if (field) {
      const item = items.find((it) => it.kind === step.bind);
      if (!item) throw new GatewayError(notSaved(0));
      // A picture goes as a stored reference (the gateway's own link expires); other media by their link.
      const value =
        step.bind === 'image' && takesPictures(field) ? await this.#ports.asReference(item) : item.remoteUrl;
      if (!value) throw new GatewayError(notSaved(0));
      params[field.name] = [value];
    }
    return { ...request, params };
  }
}
