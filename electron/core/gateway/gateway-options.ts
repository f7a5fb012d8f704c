// What a GatewayClient is built with, and what its calls take and give beyond the port's own types: one
// place to read the knobs (timeouts, retries, the key's source, the call log) without reading the transport.
import type { Method } from 'axios';
import type { ModelConfig } from '../../../shared/catalog/types';
import type { UsageCacheStatus, UsageData } from '../../../shared/gateway/usage';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import type { CallOptions } from './gateway-port';
import type { RetryPolicy } from './retry-policy';
import type { ProxyRoute } from '../proxy/proxy-route';

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
  /**
   * Refused (401) though sent with a key given for this call that is not the client's key now (the key that sent
   * a task, kept from an earlier run): the client's own key was not the one refused.
   */
  otherKeyRefused: boolean;
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
  /** The way out: the creator's proxy or direct (core/proxy). Default: as the environment says (HTTPS_PROXY…). */
  proxy?: ProxyRoute;
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
