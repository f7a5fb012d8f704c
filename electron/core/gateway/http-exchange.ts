// One HTTP exchange over axios with a timeout on the injected clock and the caller's AbortSignal. Whatever
// axios throws is mapped here to GatewayError and dropped: axios errors carry config.headers, which hold
// the API key, so not one of them, nor its message verbatim, leaves this module.
import type { AxiosInstance, AxiosResponse, Method } from 'axios';
import { PassThrough, type Readable } from 'node:stream';
import { GatewayError, invalidResponse } from '../../../shared/gateway/gateway-error';
import { errorFromTransport } from '../../../shared/gateway/error-map';
import type { Clock } from '../clock';

export interface ExchangeRequest {
  method: Method;
  /** Path and query relative to the base URL, already percent-encoded. */
  url: string;
  /** Instead of the base URL: the gateway's own origin, for a redirect followed there (poll-redirect.ts). */
  origin?: string;
  headers: Record<string, string>;
  body?: unknown;
  /** 'json': the body is read as text (callers parse it); 'stream': the body is handed over unread. */
  read: 'json' | 'stream';
  timeoutMs: number;
  signal?: AbortSignal;
  /** A streamed body larger than this (announced or received) is refused. */
  maxStreamBytes?: number;
  /** A read body larger than this is refused (the client's maxBodyBytes when absent). */
  maxBodyBytes?: number;
}

/**
 * The slowest a streamed body may arrive on average. With the idle timeout alone, a peer dripping one byte a
 * second would hold the call open for ever; with this, a body of N bytes must be in within
 * timeoutMs + N / MIN_STREAM_BYTES_PER_SECOND (N is the announced length, or what has arrived so far).
 */
export const MIN_STREAM_BYTES_PER_SECOND = 16 * 1024;
/** The default ceiling of a streamed body (speech audio of 4096 characters is tens of MB at most). */
export const MAX_STREAM_BYTES = 512 * 1024 * 1024;

export interface ExchangeResponse<B> {
  status: number;
  headers: Record<string, string | undefined>;
  body: B;
}

/** System error codes that mean the connection failed or broke: retryable like a timeout. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'ERR_NETWORK',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** The error code of whatever axios threw, without keeping the error itself. */
function codeOf(thrown: unknown): string {
  const seen = new Set<unknown>();
  let e: unknown = thrown;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  const top = (thrown as { code?: unknown } | null)?.code;
  return typeof top === 'string' ? top : '';
}

function flatHeaders(response: AxiosResponse): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(response.headers ?? {})) {
    out[k.toLowerCase()] = Array.isArray(v)
      ? v.join(', ')
      : v === undefined || v === null
        ? undefined
        : String(v);
  }
  return out;
}

/** Why a request or its streamed body ended without an answer, as a GatewayError (never the thrown value). */
function transportError(thrown: unknown, timedOut: boolean, request: ExchangeRequest): GatewayError {
  if (timedOut) {
    return new GatewayError(
      errorFromTransport(
        'timeout',
        `The gateway did not answer within ${Math.round(request.timeoutMs / 1000)} s.`,
      ),
    );
  }
  if (request.signal?.aborted)
    return new GatewayError(errorFromTransport('aborted', 'The request was cancelled.'));
  // An answer over maxBodyBytes would be just as large the next time: not a network failure, and not retried.
  const message = (thrown as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.startsWith('maxContentLength size of')) {
    return invalidResponse('answer', 'it is larger than the client accepts');
  }
  const code = codeOf(thrown);
  return new GatewayError(
    errorFromTransport(
      'network',
      `The gateway could not be reached${code ? ` (${code})` : ''}.`,
      code || undefined,
    ),
  );
}

/**
 * The body of a streamed answer, handed over through a PassThrough so that whatever the socket or axios emits
 * (axios' CanceledError holds config.headers, the key among them) reaches the reader as a GatewayError. Two
 * clocks guard it: an idle timeout (no byte for timeoutMs) and a deadline proportional to its size (see
 * MIN_STREAM_BYTES_PER_SECOND), so neither a silent nor a dripping peer holds the call open for ever.
 */
function guardedBody(
  source: Readable,
  clock: Pick<Clock, 'now' | 'sleep'>,
  request: ExchangeRequest,
  announced: number | null,
  abort: () => void,
  done: () => void,
): Readable {
  const body = new PassThrough();
  // The socket may fail before the caller attaches its reader (it awaits a file path first, say). Without a
  // listener that 'error' would crash the process; the error stays on body.errored, and pipeline() or an
  // async iterator attached later still rejects with it.
  body.on('error', () => undefined);
  const maxBytes = request.maxStreamBytes ?? MAX_STREAM_BYTES;
  const tooLarge = (bytes: number): GatewayError =>
    invalidResponse('answer', `it is ${bytes} bytes, more than the ${maxBytes} the app accepts`);
  if (announced !== null && announced > maxBytes) {
    queueMicrotask(() => {
      body.destroy(tooLarge(announced));
      abort();
    });
  }
  const idle = new AbortController();
  const startedAt = clock.now();
  let lastByteAt = startedAt;
  let received = 0;
  let failure: GatewayError | null = null;
  const fail = (error: GatewayError): void => {
    if (failure) return;
    failure = error;
    body.destroy(error);
    abort();
  };
  const deadlineAt = (): number =>
    startedAt + request.timeoutMs + (Math.max(received, announced ?? 0) / MIN_STREAM_BYTES_PER_SECOND) * 1000;
  const slow = (): GatewayError =>
    new GatewayError(
      errorFromTransport(
        'timeout',
        `The gateway sent the answer too slowly (${received} bytes in ${Math.round((clock.now() - startedAt) / 1000)} s).`,
      ),
    );
  const watch = (ms: number): void => {
    clock.sleep(ms, idle.signal).then(
      () => {
        const now = clock.now();
        if (now >= deadlineAt()) return fail(slow());
        const quiet = now - lastByteAt;
        if (quiet >= request.timeoutMs) return fail(transportError(null, true, request));
        watch(Math.min(request.timeoutMs - quiet, deadlineAt() - now));
      },
      () => undefined,
    );
  };
  watch(request.timeoutMs);
  source.on('data', (chunk: Buffer) => {
    lastByteAt = clock.now();
    received += chunk.length;
    if (received > maxBytes) fail(tooLarge(received));
    else if (lastByteAt >= deadlineAt()) fail(slow());
  });
  source.on('error', (thrown) => {
    if (!failure) body.destroy(transportError(thrown, false, request));
  });
  // A reader that stops early (or fails) releases the socket.
  body.once('close', () => {
    idle.abort();
    done();
    if (!source.destroyed) source.destroy();
  });
  source.pipe(body);
  return body;
}

/** Why the timeout's sleep ends when the answer came in time (nobody reads it). */
const ANSWERED = Symbol('answered');

export async function exchange(
  http: AxiosInstance,
  clock: Pick<Clock, 'now' | 'sleep'>,
  request: ExchangeRequest,
): Promise<ExchangeResponse<string> | ExchangeResponse<Readable>> {
  if (request.signal?.aborted) {
    throw new GatewayError(errorFromTransport('aborted', 'The request was cancelled.'));
  }
  const controller = new AbortController();
  const stopTimer = new AbortController();
  let timedOut = false;
  let streaming = false;
  const onCallerAbort = (): void => controller.abort();
  const release = (): void => request.signal?.removeEventListener('abort', onCallerAbort);
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  clock.sleep(request.timeoutMs, stopTimer.signal).then(
    () => {
      timedOut = true;
      controller.abort();
    },
    () => undefined,
  );
  try {
    const response = await http.request({
      method: request.method,
      url: request.url,
      ...(request.origin ? { baseURL: request.origin } : {}),
      headers: request.headers,
      data:
        request.body === undefined || request.body instanceof FormData
          ? request.body
          : JSON.stringify(request.body),
      responseType: request.read === 'stream' ? 'stream' : 'text',
      // The body is parsed by the caller's schemas, never by axios' lenient JSON guess.
      transformResponse: [(data: unknown) => data],
      signal: controller.signal,
      validateStatus: () => true,
      ...(request.maxBodyBytes !== undefined ? { maxContentLength: request.maxBodyBytes } : {}),
    });
    let body: string | Readable = response.data as string | Readable;
    if (request.read === 'stream') {
      // The caller's signal keeps governing the body until it has been read (or abandoned).
      streaming = true;
      const length = Number(response.headers['content-length']);
      const announced = Number.isSafeInteger(length) && length >= 0 ? length : null;
      body = guardedBody(body as Readable, clock, request, announced, () => controller.abort(), release);
    }
    return { status: response.status, headers: flatHeaders(response), body } as
      ExchangeResponse<string> | ExchangeResponse<Readable>;
  } catch (thrown) {
    throw transportError(thrown, timedOut, request);
  } finally {
    // A reason of our own: abort() without one builds a DOMException, stack trace and all, for every answer.
    stopTimer.abort(ANSWERED);
    if (!streaming) release();
  }
}
