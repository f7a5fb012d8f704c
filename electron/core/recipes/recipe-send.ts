// How one recipe step is sent: at once where the engine sends no queue (the CLI), or as a queue item marked as the
// recipe's step, waited for until it leaves the line (sent, cancelled, failed). And what the runner keeps of a run.
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { RecipeDraft, RecipeRun } from '../../../shared/studio/recipes';
import type { SubmitOptions } from '../tasks/engine-options';
import type { RecipeEngine, RecipeQueue } from './recipe-runner';
import { cancelledInQueue, notSaved } from './recipe-stops';

export interface Running {
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
  /** Resolves `done` when the run's job is driven by the durable jobs. */
  finished?: () => void;
}

/** The step's task id: through the queue when the engine sends one, at once otherwise. */
export async function sendStep(
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
