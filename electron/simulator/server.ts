// The HTTP face of the simulator: routing, CORS, faults and error bodies around the route handlers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { chineseUnlessAsked, DIALECT_HEADER, HTML_502, type Dialect } from './dialects';
import { errorBody, SimError, type ErrorStyle } from './errors';
import { FAULT_HEADER, type FaultKind, type Faults } from './faults';
import { blobStream, MAX_BLOB_BYTES } from './files';
import { jsonReply, rangeReply, sendReply, type Reply } from './http-util';
import { signatureOf } from './links';
import { tokenBalance, userBalance } from './routes/balance';
import type { RouteContext } from './routes/context';
import { speech } from './routes/speech';
import { submit, type SubmissionRoute } from './routes/submit';
import { getTask } from './routes/tasks';
import { uploadImage } from './routes/uploads';
import { listModels, modelPage } from './routes/models';
import { usage, type UsageLimiter } from './routes/usage';
import type { SimState } from './state';
import { MUSIC_OPERATIONS } from './validation/music';

type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handler: Handler;
  cors?: boolean;
}

export interface ServerDeps {
  state: SimState;
  faults: Faults;
  usageLimiter: UsageLimiter;
  /** Extra read-only info for GET /sim/info (keys, seeds). */
  info: () => unknown;
}

export function buildRoutes(deps: ServerDeps): Route[] {
  const post = (pattern: RegExp, route: SubmissionRoute): Route => ({
    method: 'POST',
    pattern,
    handler: (ctx) => submit(ctx, route, deps.state.idempotency),
  });
  return [
    { method: 'GET', pattern: /^\/(?:v1\/)?balance$/, handler: tokenBalance, cors: true },
    { method: 'GET', pattern: /^\/v1\/user\/balance$/, handler: userBalance, cors: true },
    {
      method: 'GET',
      pattern: /^\/(?:v1\/)?usage$/,
      handler: (ctx) => usage(ctx, deps.usageLimiter),
      cors: true,
    },
    post(/^\/v1\/images\/generations$/, 'images'),
    post(/^\/v1\/videos\/generations$/, 'videos'),
    post(/^\/v1\/gridimg\/generations\/upscale$/, 'grid'),
    ...MUSIC_OPERATIONS.map((op) => post(new RegExp(`^/v1/music/generations/${op}$`), `music:${op}`)),
    { method: 'POST', pattern: /^\/v1\/audio\/speech$/, handler: speech },
    { method: 'POST', pattern: /^\/v1\/uploads\/images$/, handler: uploadImage },
    { method: 'GET', pattern: /^\/v1\/models$/, handler: listModels },
    { method: 'GET', pattern: /^\/v1\/models\/([^/]+)$/, handler: modelPage },
    { method: 'GET', pattern: /^\/v1\/tasks\/([^/]+)$/, handler: (ctx) => getTask(ctx, 'tasks') },
    { method: 'GET', pattern: /^\/v1\/music\/tasks\/([^/]+)$/, handler: (ctx) => getTask(ctx, 'music') },
    {
      method: 'GET',
      pattern: /^\/files\/([^/]+)\/[^/]+$/,
      // With links.host 'separate' the files live on the file host only (links.ts), as on another domain.
      handler: (ctx) =>
        ctx.state.links.host === 'separate'
          ? jsonReply(404, {
              error: { code: 404, message: 'Files are served by the file host.', type: 'not_found_error' },
            })
          : ctx.dialects.has('files-not-ready') && ctx.state.firstFetch(ctx.params[0] ?? '')
            ? // files-not-ready: a file's first fetch right after its task completed is refused as not ready.
              jsonReply(425, { error: { code: 425, message: 'file not ready', type: 'not_ready' } })
            : ctx.state.serveFile(
                ctx.params[0] ?? '',
                ctx.req.headers.range,
                signatureOf(new URL(ctx.req.url ?? '/', 'http://sim.local').search),
              ),
    },
    { method: 'GET', pattern: /^\/sim\/blob\/(\d+)$/, handler: blob },
    { method: 'GET', pattern: /^\/sim\/info$/, handler: () => jsonReply(200, deps.info()) },
  ];
}

/** GET /sim/blob/<bytes>: a synthetic file of any size for the download benchmark (no auth, no expiry). */
function blob(ctx: RouteContext): Reply {
  const size = Number(ctx.params[0]);
  if (!Number.isSafeInteger(size) || size > MAX_BLOB_BYTES) {
    throw new SimError({
      status: 400,
      type: 'invalid_request_error',
      message: `blob size must be 0..${MAX_BLOB_BYTES}`,
    });
  }
  return rangeReply(ctx.req.headers.range, size, 'application/octet-stream', blobStream);
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Expose-Headers': 'X-Usage-Cache, Retry-After',
  'Access-Control-Max-Age': '600',
};

export function createSimServer(deps: ServerDeps): { server: Server; sockets: Set<Socket> } {
  const routes = buildRoutes(deps);
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(deps, routes, req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return { server, sockets };
}

async function handle(
  deps: ServerDeps,
  routes: Route[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://simulator.local');
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const matching = routes
    .map((r) => ({ route: r, match: r.pattern.exec(url.pathname) }))
    .filter((m) => m.match);
  const found = matching.find((m) => m.route.method === method);
  const cors = matching.some((m) => m.route.cors) ? CORS_HEADERS : {};

  if (req.method === 'OPTIONS' && matching.length > 0) {
    sendReply(res, { status: 204, headers: { ...cors, Allow: 'GET, POST, OPTIONS' }, body: '' });
    return;
  }
  deps.state.settle();
  let fault: FaultKind | null;
  let dialects: ReadonlySet<Dialect>;
  try {
    dialects = deps.state.dialects.forRequest(req.headers[DIALECT_HEADER]);
    fault = url.pathname.startsWith('/sim/info')
      ? null
      : deps.faults.pick(url.pathname, req.headers[FAULT_HEADER]);
  } catch (error) {
    req.resume();
    const reply = errorReply(error, 'generic', new Set());
    sendReply(res, { ...reply, headers: { ...reply.headers, ...cors } });
    return;
  }
  const language = req.headers['accept-language'];
  if (fault === '429' || fault === '500' || fault === '502') {
    const reply = faultReply(fault, deps.faults.retryAfterSeconds, dialects, language);
    req.resume();
    sendReply(res, { ...reply, headers: { ...reply.headers, ...cors } });
    return;
  }

  const ctx: RouteContext = { req, url, state: deps.state, errorStyle: 'generic', params: [], dialects };
  let reply: Reply;
  try {
    if (!found) {
      const status = matching.length > 0 ? 405 : 404;
      throw new SimError({
        status,
        type: status === 404 ? 'not_found_error' : 'invalid_request_error',
        message:
          status === 404
            ? `No route for ${req.method} ${url.pathname}.`
            : `${req.method} is not allowed on ${url.pathname}.`,
      });
    }
    ctx.params = (found.match ?? []).slice(1).map((p) => p ?? '');
    reply = await found.route.handler(ctx);
  } catch (error) {
    reply = errorReply(error, ctx.errorStyle, dialects, language);
  }
  reply = { ...reply, headers: { ...reply.headers, ...cors } };
  if (fault === 'hang') return; // processed, never answered: the client's timeout has to fire
  if (fault === 'garble') reply = garbled(reply);
  sendReply(res, reply, fault === 'reset');
}

/** A processed JSON reply with its status and headers, but a body no JSON reader accepts (files pass). */
function garbled(reply: Reply): Reply {
  if (typeof reply.body !== 'string') return reply;
  const text = reply.body;
  const body = `${text.slice(0, Math.floor(text.length / 2))}\u0000<garbled>`;
  const headers = Object.fromEntries(
    Object.entries(reply.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-length'),
  );
  return { ...reply, headers, body };
}

/** [ERR-9], [ERR-10], [ERR-11] in the generic body, or the dialect's (a proxy's HTML page for html-502). */
function faultReply(
  fault: '429' | '500' | '502',
  retryAfterSeconds: number,
  dialects: ReadonlySet<Dialect>,
  language: string | undefined,
): Reply {
  if (fault === '502' && dialects.has('html-502')) {
    const status = dialects.has('errors-http-200') ? 200 : 502;
    return { status, headers: { 'Content-Type': 'text/html' }, body: HTML_502 };
  }
  const saturated = fault === '429' && dialects.has('upstream-429');
  const error = saturated
    ? // upstream-429: new-api's saturated upstream pool, with no Retry-After (it is not the key's quota).
      new SimError({
        status: 429,
        type: 'upstream_error',
        message: '当前分组上游负载已饱和，请稍后再试 (upstream load saturated)',
      })
    : fault === '429'
      ? new SimError({
          status: 429,
          type: 'rate_limit_error',
          message: 'Too many requests (simulated).',
          headers: { 'Retry-After': String(retryAfterSeconds) },
        })
      : fault === '500'
        ? new SimError({ status: 500, type: 'server_error', message: 'Internal error (simulated).' })
        : new SimError({ status: 502, type: 'bad_gateway', message: 'Bad gateway (simulated).' });
  return errorReply(error, 'generic', dialects, language);
}

function errorReply(
  error: unknown,
  style: ErrorStyle,
  dialects: ReadonlySet<Dialect>,
  language?: string,
): Reply {
  let simError =
    error instanceof SimError
      ? error
      : new SimError({ status: 500, type: 'server_error', message: 'Internal simulator error.' });
  if (!(error instanceof SimError)) console.error('[simulator] internal error', error);
  if (simError.status === 402 && dialects.has('balance-403')) {
    // balance-403: new-api says a balance too low as 403 with its own type, never 402.
    simError = new SimError({
      status: 403,
      type: 'insufficient_user_quota',
      message: 'insufficient user quota: the balance is too low for this request',
      style: simError.style ?? style,
    });
  }
  if (dialects.has('chinese-errors')) {
    const { status, type, code, param, headers } = simError;
    const message = chineseUnlessAsked(simError.message, status, language);
    const style_ = simError.style;
    simError = new SimError({
      status,
      type,
      code,
      param,
      headers,
      message,
      ...(style_ && { style: style_ }),
    });
  }
  // errors-http-200: the body alone says what went wrong, as some gateways answer.
  const status = dialects.has('errors-http-200') ? 200 : simError.status;
  return jsonReply(status, dialectErrorBody(simError, style, dialects), simError.headers);
}

/** The error body in the shape the dialect speaks; the spec's own shapes otherwise. */
function dialectErrorBody(error: SimError, style: ErrorStyle, dialects: ReadonlySet<Dialect>): unknown {
  const { message, type } = error;
  if (dialects.has('errors-openai')) {
    return { error: { message, type, code: String(error.status), param: error.param || null } };
  }
  if (dialects.has('errors-success-false')) return { success: false, message };
  if (dialects.has('errors-code-message')) return { code: error.status, message };
  return errorBody(error, style);
}
