// How one gateway call is made, whatever the endpoint: the key read at call time, the Authorization header,
// redirects of reads followed, retries of safe calls on the injected clock, a line per attempt for the log,
// and every failure turned into a GatewayError with the key scrubbed from its text. The endpoints themselves
// (what is sent, how the answer is parsed) live in gateway-client.ts.
import axios, { type AxiosInstance, type Method } from 'axios';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { errorFromHttp } from '../../../shared/gateway/error-map';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import { scrubErrorTexts, scrubSecretText } from '../../../shared/gateway/secret-scrub';
import { systemClock, type Clock } from '../clock';
import { describeThrown, silentLogger } from '../log';
import { errorBody, MAX_ERROR_BYTES, readSome, type Answer } from './answer-bodies';
import type { GatewayClientOptions } from './gateway-options';
import type { CallOptions } from './gateway-port';
import { exchange, type ExchangeRequest } from './http-exchange';
import { followReads, type ReadTarget } from './poll-redirect';
import { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retry-policy';
import { ProxyRoute } from '../proxy/proxy-route';
import { throughProxy } from './proxy-errors';
import { acceptLanguage } from './poll-language';

const DEFAULT_TIMEOUT_MS = 30_000;

export interface CallPlan {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  read: 'json' | 'stream';
  /** GETs and idempotent POSTs. */
  safe: boolean;
  /** A smaller limit than the client's for this answer (a model's schema, which is small when honest). */
  maxBodyBytes?: number;
  options: CallOptions | undefined;
}

export class GatewayTransport {
  readonly clock: Pick<Clock, 'now' | 'sleep'>;
  private readonly http: AxiosInstance;
  private readonly random: () => number;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;

  /** The way out every call takes; result downloads take the same (GatewayPort.proxy). */
  readonly proxy: ProxyRoute;

  constructor(private readonly options: GatewayClientOptions) {
    this.proxy = options.proxy ?? new ProxyRoute();
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.http = axios.create({
      baseURL: options.baseUrl,
      // Paths are ours and relative: an absolute URL must never pick up the Authorization header.
      allowAbsoluteUrls: false,
      // A redirect would carry the key to wherever it points: a 3xx is an answer, not a detour.
      maxRedirects: 0,
      maxContentLength: options.maxBodyBytes ?? 16 * 1024 * 1024,
      // Timeouts run on the injected clock (exchange()), so tests never wait on a real one.
      timeout: 0,
      // axios' own proxy support reads HTTP_PROXY-style variables only and tunnels https badly: the agent decides.
      proxy: false,
      httpAgent: this.proxy.agent('http:'),
      httpsAgent: this.proxy.agent('https:'),
    });
  }

  /**
   * Sends the plan, retrying safe calls, and reads a 2xx answer with `read`. Every failure, the reader's
   * included, is thrown as a GatewayError with the key scrubbed from its text.
   */
  async call<T>(plan: CallPlan, read: (response: Answer, key: string) => T | Promise<T>): Promise<T> {
    const key = await this.apiKey(plan.options?.apiKey);
    const maxAttempts = plan.safe ? Math.max(1, plan.options?.maxAttempts ?? this.policy.maxAttempts) : 1;
    const policy = { ...this.policy, maxAttempts };
    const path = plan.url.split('?')[0] ?? plan.url;
    for (let attempt = 1; ; attempt++) {
      const started = this.clock.now();
      let status: number | null = null;
      let error: GatewayErrorInfo;
      try {
        const response = await followReads(this.options.baseUrl, plan.method, plan.url, (target) =>
          this.once(plan, key, target),
        );
        status = response.status;
        if (status >= 200 && status < 300) {
          const value = await read(response, key);
          this.report(plan, path, attempt, status, null, started, null);
          return value;
        }
        error = await this.httpError(response);
      } catch (thrown) {
        // A 2xx that could not be read is final: the request did what it did. It is still a failed attempt to
        // whoever watches the calls (the CLI says it), never a silent success.
        if (thrown instanceof GatewayError && status !== null && status < 300) {
          const unread = redact(thrown.info, key);
          this.report(plan, path, attempt, status, unread, started, null);
          throw new GatewayError(unread);
        }
        error = thrown instanceof GatewayError ? thrown.info : this.unexpected(plan, path, thrown, key);
      }
      error = redact(await throughProxy(error, this.proxy, this.options.baseUrl), key);
      const hung = error.type === 'timeout' && plan.options?.retryTimeouts === false;
      const wait = hung ? null : retryDelay(error, attempt, policy, this.random);
      this.report(plan, path, attempt, status, error, started, wait, await this.otherKey(plan, key, status));
      if (wait === null) throw new GatewayError(error);
      try {
        await this.clock.sleep(wait, plan.options?.signal);
      } catch {
        throw new GatewayError({
          ...error,
          type: 'aborted',
          code: 'aborted',
          retryable: false,
          message: 'The request was cancelled.',
        });
      }
    }
  }

  /** Whether a refusal (401) met a key given for the call that is not the client's own now; read only then. */
  private async otherKey(plan: CallPlan, key: string, status: number | null): Promise<boolean> {
    if (status !== 401 || !plan.options?.apiKey?.trim()) return false;
    return key !== (await this.apiKey().catch(() => null));
  }

  /** The key a call is made with: its own (a task's submitting key) or the client's source, read now. */
  async apiKey(own?: string): Promise<string> {
    const source = own?.trim() ? own : this.options.apiKey;
    const noKey = (code: string, message: string) =>
      new GatewayError(localErrorInfo('authentication_error', message, { code }));
    let key: string | undefined;
    try {
      key = (typeof source === 'function' ? await source() : source)?.trim();
    } catch {
      // The secret store's own error may say more than a caller should see: callers get a GatewayError only.
      throw noKey('api_key_unavailable', 'The API key could not be read.');
    }
    // [AUTH-1] nothing is sent without a key.
    if (!key) throw noKey('missing_api_key', 'No API key is set.');
    return key;
  }

  private once(plan: CallPlan, key: string, target: ReadTarget | null = null): Promise<Answer> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': acceptLanguage(this.options.language?.()),
      ...plan.headers,
      Authorization: `Bearer ${key}`,
    };
    // A multipart body (an upload) brings its own Content-Type with the boundary.
    if (plan.body !== undefined && !(plan.body instanceof FormData))
      headers['Content-Type'] = 'application/json';
    const request: ExchangeRequest = {
      method: plan.method,
      url: target?.path ?? plan.url,
      ...(target ? { origin: target.origin } : {}),
      headers,
      body: plan.body,
      read: plan.read,
      ...(plan.maxBodyBytes !== undefined ? { maxBodyBytes: plan.maxBodyBytes } : {}),
      timeoutMs: plan.options?.timeoutMs ?? this.timeoutMs,
      ...(plan.options?.signal ? { signal: plan.options.signal } : {}),
    };
    return exchange(this.http, this.clock, request);
  }

  private async httpError(response: Answer): Promise<GatewayErrorInfo> {
    const text =
      typeof response.body === 'string' ? response.body : await readSome(response.body, MAX_ERROR_BYTES);
    return errorFromHttp({
      status: response.status,
      body: errorBody(text),
      retryAfter: response.headers['retry-after'] ?? null,
      nowMs: this.clock.now(),
    });
  }

  /** The caller gets a plain network error (the thrown text may hold anything); the log gets what it was. */
  private unexpected(plan: CallPlan, path: string, thrown: unknown, key: string): GatewayErrorInfo {
    const reason = scrubSecretText(describeThrown(thrown), [key]);
    (this.options.logger ?? silentLogger).error('a gateway call failed unexpectedly', {
      method: plan.method,
      path,
      reason,
    });
    return localErrorInfo('network_error', 'The gateway call failed unexpectedly.', {
      code: 'unexpected',
      retryable: false,
    });
  }

  private report(
    plan: CallPlan,
    path: string,
    attempt: number,
    status: number | null,
    error: GatewayErrorInfo | null,
    started: number,
    retryInMs: number | null,
    otherKeyRefused = false,
  ): void {
    this.options.onCall?.({
      method: plan.method,
      path,
      attempt,
      status,
      errorType: error?.type ?? null,
      message: error?.message ?? null,
      ms: this.clock.now() - started,
      retryInMs,
      otherKeyRefused,
    });
  }
}

/** A gateway that echoes the key (or its Authorization header) in an error must not get it stored or shown. */
export function redact(info: GatewayErrorInfo, key: string): GatewayErrorInfo {
  return scrubErrorTexts(info, [key]);
}
