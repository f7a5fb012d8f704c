// The refusal the spending limits throw: a GatewayError as any other (its English sentence, its type), that also
// carries the facts it was worded from, so what keeps it (the queue, paused by it) can be worded again in the
// person's language instead of keeping English text.
import { localErrorInfo } from '../gateway/error-types';
import { GatewayError } from '../gateway/gateway-error';
import type { SpendStop } from './spending';

export class SpendStopped extends GatewayError {
  readonly stop: SpendStop;

  constructor(stop: SpendStop, message: string) {
    super(localErrorInfo(stop.kind === 'budget' ? 'budget_exceeded' : 'confirmation_required', message));
    this.stop = stop;
  }
}
