// What every route handler receives.
import type { IncomingMessage } from 'node:http';
import type { ErrorStyle } from '../errors';
import type { SimState } from '../state';

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  state: SimState;
  /** The error body shape for this request; submission routes switch it to 'i2' for the extended family. */
  errorStyle: ErrorStyle;
  /** Path parameters, e.g. the task id. */
  params: string[];
}
