// One paid part of a board sent on the recipe machinery's public interface: through the engine's queue when it
// sends one (the part waits there as a recipe's step, seen on Tasks, paused, moved or cancelled before it costs
// anything), at once otherwise (the CLI). Always under the part's stored key, so a send that a restart repeats is
// answered with the task already made, or the item already queued, never a second one.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { RecipeEngine } from '../recipes/recipe-runner';

export interface PartSend {
  key: string;
  parentTaskId: string | null;
  overBudget: boolean;
  label: { run: string; name: string; step: number; steps: number };
  /** Told once the part waits in the queue, with the way to take it out (a cancel of the run). */
  onQueued?: (cancel: () => unknown) => void;
}

export async function sendPart(
  engine: RecipeEngine,
  request: SubmissionRequest,
  part: PartSend,
): Promise<string> {
  const { key, parentTaskId, overBudget, label } = part;
  const parent = parentTaskId ? { parentTaskId } : {};
  const queue = engine.queue?.sends ? engine.queue : null;
  // The whole board was measured against the limits before its first part.
  if (!queue) return (await engine.submit(request, { confirmed: true, overBudget, key, ...parent })).id;
  const [id] = await queue.add([request], {
    origin: 'recipe',
    group: label.run,
    keys: [key],
    confirmed: true,
    admitted: true,
    ...parent,
    recipe: label,
  });
  part.onQueued?.(() => queue.cancel([id ?? '']));
  const item = await queue.left(id ?? '');
  if (item.state === 'sent' && item.taskId !== null) return item.taskId;
  throw new GatewayError(
    item.error ?? localErrorInfo('stopped', 'It was taken out of the queue before it was sent.'),
  );
}
