// What every route handler receives.
import type { IncomingMessage } from 'node:http';
import type { SimToken } from '../accounts';
import type { Dialect } from '../dialects';
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
  /** The dialects this request is answered in: the simulator's and its X-Sim-Dialect header's. */
  dialects: ReadonlySet<Dialect>;
}

/** The calling key, checked as [AUTH-1..3] ask (header, expiry, IP allowlist, account), or the 401/403. */
export const caller = (ctx: RouteContext): SimToken =>
  ctx.state.accounts.authenticate(ctx.req.headers.authorization, ctx.req.socket.remoteAddress);
