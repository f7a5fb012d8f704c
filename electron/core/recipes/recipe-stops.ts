// Why a recipe run stopped at a step, when the step's own task has no error to say it: the person cancelled the
// rest, the step was cancelled in the queue, or the step finished without a saved result for the next one.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import type { QueuedItem } from '../tasks/queue-store';

export const cancelledByPerson = () =>
  localErrorInfo('stopped', 'You cancelled the rest of the recipe before this step was sent: not charged.', {
    code: 'recipe_cancelled',
  });

export const cancelledInQueue = (item: QueuedItem) =>
  localErrorInfo(
    'stopped',
    item.charge === 'may-be-charged'
      ? 'It was cancelled in the queue after it reached the gateway, which may still charge it.'
      : 'It was cancelled in the queue before it was sent: not charged.',
    { code: 'queue_cancelled' },
  );

export const notSaved = (step: number) =>
  localErrorInfo(
    'no_results',
    `Step ${step + 1} finished without a saved result, so the next step has no input.`,
    {
      code: 'recipe_input_missing',
    },
  );

/** A run that stopped at a step, as its job's failure: the job ends failed with the step's sentence. */
export class RecipeStopped extends Error {
  override readonly name = 'RecipeStopped';
}
