// The gateway client on axios: every call authenticated, timed out on the injected clock, cancellable, and
// answered with a parsed, normalised value or a GatewayError. Bodies are checked with the catalog's schemas
// before they leave the machine. Only safe calls are retried: GETs, and I2 submissions under their
// Idempotency-Key ([EP-IMAGE-I2HDR-1]); other submissions carry a key too, but are never resent on its strength.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import axios, { type AxiosInstance, type Method } from 'axios';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FamilyId, TaskEndpoint } from '../../../shared/catalog/family-ids';
import { FAMILIES } from '../../../shared/catalog/families';
import { checkBody } from '../../../shared/catalog/schema';
import { containsReference } from '../../../shared/studio/references';
import type { ModelConfig } from '../../../shared/catalog/types';
import { parseAck } from '../../../shared/gateway/ack';
import { normalizeBaseUrl } from '../../../shared/gateway/base-url';
import {
  parseTokenBalance,
  parseUserBalance,
  type TokenBalance,
  type UserBalance,
} from '../../../shared/gateway/balance';
import { errorFromHttp, validationError } from '../../../shared/gateway/error-map';
import { GatewayError, invalidResponse } from '../../../shared/gateway/gateway-error';
import type { GatewayErrorInfo, NormalizedAck, TaskSnapshot } from '../../../shared/gateway/normalized';
import { parseTask } from '../../../shared/gateway/task';
import { scrubErrorTexts, scrubSecretText } from '../../../shared/gateway/secret-scrub';
import {
  parseUsageReport,
  usageQuerySchema,
  usageQueryString,
  type UsageCacheStatus,
  type UsageData,
  type UsageQueryInput,
} from '../../../shared/gateway/usage';
import { systemClock, type Clock } from '../clock';
import { describeThrown, silentLogger } from '../log';
import type { Logger } from '../log';
import type { CallOptions, GatewayPort, SpeechResponse, SubmitOptions } from './gateway-port';
import { exchange, type ExchangeRequest, type ExchangeResponse } from './http-exchange';
import { followReads, type ReadTarget } from './poll-redirect';
import { errorBody, json, readSome } from './answer-reading';
import { PollLanguage } from './poll-language';
import { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retry-policy';

export type ApiKeySource = string | (() => string | null | undefined | Promise<string | null | undefined>);

/** One line per HTTP attempt, for logs: never a header, a body or the key. */
export interface GatewayCallEvent {
  method: Method;
  /** The path without the query string. */
  path: string;
  attempt: number;
  /** null when no HTTP answer came. */
  status: number | null;
  errorType: string | null;
  /** The error's sentence, key already scrubbed (null on success). */
  message: string | null;
  ms: number;
  /** The wait before the next attempt, when one follows. */
  retryInMs: number | null;
}

export interface GatewayClientOptions {
  /** {base_url}, e.g. https://gateway.example.com (a path prefix is kept). */
  baseUrl: string;
  /** The key, or a function that reads it at call time (so a changed key applies at once). */
  apiKey: ApiKeySource;
  /** Per-attempt timeout unless a call gives its own. Default 30 s. */
  timeoutMs?: number;
  clock?: Pick<Clock, 'now' | 'sleep'>;
  /** [0, 1) for backoff jitter. Default Math.random. */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /**
   * Configured model ids, so model-specific rules (S mini: no prompt limit) apply to the ids in use; a function
   * is read at every call, so a changed setting applies at once.
   */
  models?: ModelConfig | (() => ModelConfig);
  /** Creates an Idempotency-Key when the caller supplies none. Default crypto.randomUUID. */
  newIdempotencyKey?: () => string;
  onCall?: (event: GatewayCallEvent) => void;
  /** Told what a failure that is not the gateway's answer was (a bug, a broken socket library): key redacted. */
  logger?: Logger;
  /** Largest JSON body read into memory. Default 16 MiB. */
  maxBodyBytes?: number;
  /**
   * The UI's language for the gateway's own messages (zh, en, ko, ja), sent as `?language=` on task polls where
   * the gateway accepts it; read at every poll, so a changed setting applies at once.
   */
  language?: () => string | null;
}

export interface TokenBalanceOptions extends CallOptions {
  /** [EP-TBAL-1] /v1/balance (default) or the unprefixed /balance. */
  path?: '/v1/balance' | '/balance';
}

export interface UsageOptions extends CallOptions {
  /** [EP-USAGE-1] /v1/usage (default) or the unprefixed /usage. */
  path?: '/v1/usage' | '/usage';
}

export interface UsageResult {
  report: UsageData;
  /** [EP-USAGE-3] the X-Usage-Cache header. */
  cache: UsageCacheStatus;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** The most of an error body a failed speech call reads (it is JSON, not audio). */
const MAX_ERROR_BYTES = 64 * 1024;

interface CallPlan {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  read: 'json' | 'stream';
  /** GETs and idempotent POSTs. */
  safe: boolean;
  options: CallOptions | undefined;
}

function problemsMessage(problems: { path: string; message: string }[]): string {
  return problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
}

type Answer = ExchangeResponse<string | Readable>;

export class GatewayClient implements GatewayPort {
  private readonly http: AxiosInstance;
  private readonly clock: Pick<Clock, 'now' | 'sleep'>;
  private readonly random: () => number;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;

  constructor(private readonly options: GatewayClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.http = axios.create({
      baseURL: normalizeBaseUrl(options.baseUrl),
      // Paths are ours and relative: an absolute URL must never pick up the Authorization header.
      allowAbsoluteUrls: false,
      // A redirect would carry the key to wherever it points: a 3xx is an answer, not a detour.
      maxRedirects: 0,
      maxContentLength: options.maxBodyBytes ?? 16 * 1024 * 1024,
      // Timeouts run on the injected clock (exchange()), so tests never wait on a real one.
      timeout: 0,
    });
  }

  get baseUrl(): string {
    return normalizeBaseUrl(this.options.baseUrl);
  }

  /** [EP-IMAGE-0] [EP-VIDEO-0] [EP-MUSIC-1] [EP-GRID-1] validate, POST, normalise the acknowledgement. */
  async submit(
    family: FamilyId,
    body: Record<string, unknown>,
    options?: SubmitOptions,
  ): Promise<NormalizedAck> {
    const spec = FAMILIES[family];
    if (spec.taskEndpoint === null) {
      throw new GatewayError(validationError(`${spec.label} is synchronous: use speech().`, null));
    }
    // Grid upscale has no model field ([EP-GRID-1]); callers that always set one are forgiven.
    const { model, ...rest } = body;
    const payload = this.checked(family, spec.variants.length > 0 ? { model, ...rest } : rest);
    // [EP-IMAGE-I2HDR-1] one key per operation, the same on every retry of it. Every family gets one (a header a
    // gateway may ignore), but only I2's makes the client's own retries safe (`safe` below).
    const headers: Record<string, string> = {
      ...spec.headers,
      'Idempotency-Key': options?.idempotencyKey ?? (this.options.newIdempotencyKey ?? randomUUID)(),
    };
    const endpoint = spec.taskEndpoint;
    return this.call(
      {
        method: 'POST',
        url: spec.path,
        headers,
        body: payload,
        read: 'json',
        safe: spec.idempotencyKey,
        options,
      },
      (r) => parseAck(json(r), endpoint, r.status),
    );
  }

  /**
   * [EP-TASK-1] /v1/tasks/{id}, or [EP-MUSIC-1] /v1/music/tasks/{id}, with `?language=` while the gateway takes
   * it: a gateway that refuses it (400) is asked again without, and never with it again.
   */
  async getTask(taskId: string, endpoint: TaskEndpoint, options?: CallOptions): Promise<TaskSnapshot> {
    if (taskId.trim() === '') throw new GatewayError(validationError('A task id is required.', 'task_id'));
    const base = endpoint === 'music' ? '/v1/music/tasks/' : '/v1/tasks/';
    const path = base + encodeURIComponent(taskId);
    const poll = (url: string) =>
      this.call({ method: 'GET', url, read: 'json', safe: true, options }, (r, key) =>
        scrubbedTask(parseTask(json(r), taskId, r.status), key),
      );
    return this.language.poll(path, poll);
  }

  private readonly language = new PollLanguage(() => this.options.language?.());

  /** [EP-SPEECH-1] the audio as a stream; never retried (it is billed and not idempotent). */
  async speech(body: Record<string, unknown>, options?: CallOptions): Promise<SpeechResponse> {
    const payload = this.checked('speech', body);
    const format = typeof payload.response_format === 'string' ? payload.response_format : null;
    const plan: CallPlan = {
      method: 'POST',
      url: FAMILIES.speech.path,
      headers: { Accept: 'audio/*, application/octet-stream' },
      body: payload,
      read: 'stream',
      safe: false,
      options,
    };
    return this.call(plan, async (r) => {
      const stream = r.body as Readable;
      const contentType = r.headers['content-type'] ?? '';
      if (/json|text\/html/i.test(contentType)) {
        // A 2xx with a JSON or HTML body is not audio: say so, and do not let it be stored as a file.
        const text = await readSome(stream, MAX_ERROR_BYTES);
        throw invalidResponse('speech answer', `a document, not audio: ${text.slice(0, 120)}`, r.status);
      }
      return {
        contentType: contentType || (format ? `audio/${format}` : 'application/octet-stream'),
        stream,
      };
    });
  }

  /** [EP-TBAL-1..3] the calling key's balance; success false ([EP-TBAL-2]) throws balance_lookup_failed. */
  async tokenBalance(options?: TokenBalanceOptions): Promise<TokenBalance> {
    const url = options?.path ?? '/v1/balance';
    return this.call({ method: 'GET', url, read: 'json', safe: true, options }, (r) =>
      parseTokenBalance(json(r)),
    );
  }

  /** [EP-UBAL-1..2] the account's balance. */
  async userBalance(options?: CallOptions): Promise<UserBalance> {
    const url = '/v1/user/balance';
    return this.call({ method: 'GET', url, read: 'json', safe: true, options }, (r) =>
      parseUserBalance(json(r)),
    );
  }

  /**
   * [EP-USAGE-1..4] the usage report and the X-Usage-Cache header. Parameters are checked for format and allowed
   * values first; range rules are the gateway's ([ERR-USAGE-1..5] come back as usage_query_error).
   */
  async usage(query: UsageQueryInput = {}, options?: UsageOptions): Promise<UsageResult> {
    const parsed = usageQuerySchema.safeParse(query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const param = issue?.path.map(String).join('.') || null;
      throw new GatewayError(
        validationError(param ? `${param}: ${issue?.message}` : String(issue?.message), param),
      );
    }
    const qs = usageQueryString(parsed.data);
    const path = options?.path ?? '/v1/usage';
    const url = qs ? `${path}?${qs}` : path;
    return this.call({ method: 'GET', url, read: 'json', safe: true, options }, (r) => {
      const cache = r.headers['x-usage-cache']?.trim().toLowerCase();
      return { report: parseUsageReport(json(r)), cache: cache === 'hit' || cache === 'miss' ? cache : null };
    });
  }

  private checked(family: FamilyId, body: Record<string, unknown>): Record<string, unknown> {
    const { models } = this.options;
    // A stored reference is the studio's own name for an image; the engine expands it before sending.
    if (containsReference(body)) {
      throw new GatewayError(
        validationError('A reference image was not turned into a data URL before sending.', null),
      );
    }
    const result = checkBody(family, body, typeof models === 'function' ? models() : models);
    if (result.ok) return result.body;
    throw new GatewayError(
      validationError(problemsMessage(result.problems), result.problems[0]?.path || null),
    );
  }

  private async apiKey(): Promise<string> {
    const source = this.options.apiKey;
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

  /**
   * Sends the plan, retrying safe calls, and reads a 2xx answer with `read`. Every failure, the reader's
   * included, is thrown as a GatewayError with the key scrubbed from its text.
   */
  private async call<T>(plan: CallPlan, read: (response: Answer, key: string) => T | Promise<T>): Promise<T> {
    const key = await this.apiKey();
    const maxAttempts = plan.safe ? Math.max(1, plan.options?.maxAttempts ?? this.policy.maxAttempts) : 1;
    const policy = { ...this.policy, maxAttempts };
    const path = plan.url.split('?')[0] ?? plan.url;
    for (let attempt = 1; ; attempt++) {
      const started = this.clock.now();
      let status: number | null = null;
      let error: GatewayErrorInfo;
      try {
        const response = await followReads(this.baseUrl, plan.method, plan.url, (target) =>
          this.once(plan, key, target),
        );
        status = response.status;
        if (status >= 200 && status < 300) {
          this.report(plan, path, attempt, status, null, started, null);
          return await read(response, key);
        }
        error = await this.httpError(response);
      } catch (thrown) {
        // A 2xx that could not be read is final: the request did what it did.
        if (thrown instanceof GatewayError && status !== null && status < 300)
          throw redacted(thrown.info, key);
        error = thrown instanceof GatewayError ? thrown.info : this.unexpected(plan, path, thrown, key);
      }
      error = redact(error, key);
      const hung = error.type === 'timeout' && plan.options?.retryTimeouts === false;
      const wait = hung ? null : retryDelay(error, attempt, policy, this.random);
      this.report(plan, path, attempt, status, error, started, wait);
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

  private once(plan: CallPlan, key: string, target: ReadTarget | null = null): Promise<Answer> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...plan.headers,
      Authorization: `Bearer ${key}`,
    };
    if (plan.body !== undefined) headers['Content-Type'] = 'application/json';
    const request: ExchangeRequest = {
      method: plan.method,
      url: target?.path ?? plan.url,
      ...(target ? { origin: target.origin } : {}),
      headers,
      body: plan.body,
      read: plan.read,
      timeoutMs: plan.options?.timeoutMs ?? this.timeoutMs,
      ...(plan.options?.signal ? { signal: plan.options.signal } : {}),
    };
    return exchange(this.http, this.clock, request);
  }

  private async httpError(response: ExchangeResponse<string | Readable>): Promise<GatewayErrorInfo> {
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
    });
  }
}

const redacted = (info: GatewayErrorInfo, key: string): GatewayError => new GatewayError(redact(info, key));

/** A gateway that echoes the key (or its Authorization header) in an error must not get it stored or shown. */
function redact(info: GatewayErrorInfo, key: string): GatewayErrorInfo {
  return scrubErrorTexts(info, [key]);
}

/** A failed task's error is the gateway's text too. */
function scrubbedTask(snapshot: TaskSnapshot, key: string): TaskSnapshot {
  return snapshot.error ? { ...snapshot, error: scrubErrorTexts(snapshot.error, [key]) } : snapshot;
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  return new GatewayClient(options);
}
