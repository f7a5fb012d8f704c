// Every error type the studio knows, once: the gateway's ([ERR-2..11], [ERR-OTHER-1..3]), failures that never got
// an answer, and the studio's own refusals. Each has the HTTP status it travels with (null: none) and the
// sentence the UI shows (an i18n key under errors.*). error-map.ts reads the status's type and the sentence from
// here; localErrorInfo() below builds every error the studio makes itself (localError() in shared/bridge/errors.ts
// for the bridge, cliError() for the CLI), so no error value is written by hand and no spelling outside this
// table compiles: GatewayErrorInfo['type'] is ErrorType.
import type { GatewayErrorInfo } from './normalized';

export type ErrorSentenceKey =
  | 'errors.nsfw'
  | 'errors.nsfwNoCategories'
  | 'errors.paymentRequired'
  | 'errors.network'
  | 'errors.networkNotSent'
  | 'errors.timeout'
  | 'errors.validation'
  | 'errors.authentication'
  | 'errors.permission'
  | 'errors.notFound'
  | 'errors.rateLimited'
  | 'errors.server'
  | 'errors.invalidRequest'
  | 'errors.notConfigured'
  | 'errors.unsupported'
  | 'errors.taskFailed'
  | 'errors.budgetExceeded'
  | 'errors.confirmationRequired'
  | 'errors.diskFull'
  | 'errors.bridge'
  | 'errors.noChannel'
  | 'errors.unknown';

interface ErrorTypeSpec {
  /** The HTTP status this type travels with; null when it never had one. */
  status: number | null;
  sentence: ErrorSentenceKey;
  /** Whether the same request may succeed when repeated. */
  retryable: boolean;
  /**
   * Whether the failure means the gateway could not be asked at all: nothing answered, or something that is not
   * the gateway did (a 404 or a 5xx at that address, a page that is not JSON). The onboarding key check keeps a
   * key it could not verify for these, and refuses one the gateway itself turned down.
   */
  unanswered: boolean;
}

const spec = (
  status: number | null,
  sentence: ErrorSentenceKey,
  { retryable = false, unanswered = false }: Partial<Pick<ErrorTypeSpec, 'retryable' | 'unanswered'>> = {},
): ErrorTypeSpec => ({ status, sentence, retryable, unanswered });

export const ERROR_TYPES = {
  // The gateway's, by status ([ERR-2..11]). The first type listed for a status is the one it carries by default.
  invalid_request_error: spec(400, 'errors.invalidRequest'),
  nsfw_content_detected: spec(400, 'errors.nsfw'),
  usage_query_error: spec(400, 'errors.invalidRequest'),
  authentication_error: spec(401, 'errors.authentication'),
  payment_required: spec(402, 'errors.paymentRequired'),
  permission_error: spec(403, 'errors.permission'),
  not_found_error: spec(404, 'errors.notFound', { unanswered: true }),
  rate_limit_error: spec(429, 'errors.rateLimited', { retryable: true }),
  server_error: spec(500, 'errors.server', { unanswered: true }),
  bad_gateway: spec(502, 'errors.server', { retryable: true, unanswered: true }),
  service_unavailable: spec(503, 'errors.server', { retryable: true, unanswered: true }),
  gateway_timeout: spec(504, 'errors.timeout', { retryable: true, unanswered: true }),
  // A 503 "no available channel": the gateway serves no upstream for this model and key (error-dialects.ts).
  channel_unavailable: spec(null, 'errors.noChannel'),
  // [ERR-OTHER-1] a balance lookup answering success:false.
  balance_lookup_failed: spec(null, 'errors.unknown'),
  // No answer, or one we could not read.
  timeout: spec(null, 'errors.timeout', { retryable: true, unanswered: true }),
  network_error: spec(null, 'errors.network', { retryable: true, unanswered: true }),
  aborted: spec(null, 'errors.unknown'),
  invalid_response: spec(null, 'errors.server', { unanswered: true }),
  // The studio's own refusals.
  validation_error: spec(null, 'errors.validation'),
  not_configured: spec(null, 'errors.notConfigured'),
  demo_unavailable: spec(null, 'errors.unsupported'),
  unsupported: spec(null, 'errors.unsupported'),
  task_failed: spec(null, 'errors.taskFailed'),
  interrupted: spec(null, 'errors.taskFailed'),
  internal_error: spec(null, 'errors.unknown'),
  // The user's own limits (electron/core/spending): past a budget, or above the threshold without a confirmation.
  budget_exceeded: spec(null, 'errors.budgetExceeded'),
  confirmation_required: spec(null, 'errors.confirmationRequired'),
  // The disk holding the database is (nearly) full: nothing was sent (electron/core/db/disk-space.ts).
  disk_full: spec(null, 'errors.diskFull'),
  // The CLI's own outcomes (electron/cli): a bad argument, a task that ended without its files, a bug.
  invalid_argument: spec(null, 'errors.validation'),
  no_results: spec(null, 'errors.taskFailed'),
  link_expired: spec(null, 'errors.taskFailed'),
  download_failed: spec(null, 'errors.taskFailed'),
  unexpected_error: spec(null, 'errors.unknown'),
  stopped: spec(null, 'errors.taskFailed'),
  // The renderer's: the bridge itself could not be reached (the main process or web server is gone).
  bridge_unreachable: spec(null, 'errors.bridge', { retryable: true }),
} as const satisfies Record<string, ErrorTypeSpec>;

export type ErrorType = keyof typeof ERROR_TYPES;

export function isErrorType(type: string): type is ErrorType {
  return Object.hasOwn(ERROR_TYPES, type);
}

/** Whether an error of this type means the gateway could not be asked at all (ErrorTypeSpec.unanswered). */
export function isUnanswered(type: string): boolean {
  return isErrorType(type) && ERROR_TYPES[type].unanswered;
}

/** [ERR-2..11] The type an HTTP status carries when the body does not name one. */
export function typeForStatus(status: number): ErrorType | undefined {
  for (const [type, s] of Object.entries(ERROR_TYPES)) if (s.status === status) return type as ErrorType;
  return status === 413 ? 'invalid_request_error' : undefined;
}

/**
 * An error the studio makes itself (no gateway answered): its retryability from the table, its code the type
 * unless told otherwise.
 */
export function localErrorInfo(
  type: ErrorType,
  message: string,
  extra: Partial<Omit<GatewayErrorInfo, 'type' | 'message'>> = {},
): GatewayErrorInfo {
  return {
    httpStatus: null,
    type,
    code: type,
    message,
    param: null,
    retryable: ERROR_TYPES[type].retryable,
    retryAfterMs: null,
    ...extra,
  };
}

/**
 * A type read from outside (a gateway body, a stored row): itself when the table knows it, else the type its
 * HTTP status carries, else the fallback. The raw spelling is kept by the caller in `code` when it matters.
 */
export function knownErrorType(
  type: string | null | undefined,
  status: number | null,
  fallback: ErrorType,
): ErrorType {
  if (type && isErrorType(type)) return type;
  return (status !== null ? typeForStatus(status) : undefined) ?? fallback;
}

const isIntOrNull = (value: unknown): boolean => value === null || Number.isSafeInteger(value);
const isNumberOrNull = (value: unknown): boolean => value === null || Number.isFinite(value);

/**
 * A GatewayErrorInfo read from outside (a bridge failure's data, whatever was thrown): its fields alone, or null
 * when it is not one. The same check as normalized.ts's gatewayErrorInfoSchema (test/shared/error-info.test.ts
 * holds them to the same verdicts), written without zod because the renderer's first screen reads failures
 * before any schema is loaded.
 */
export function gatewayErrorInfoOf(value: unknown): GatewayErrorInfo | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<keyof GatewayErrorInfo, unknown>;
  const { httpStatus, type, code, message, param, retryable, retryAfterMs } = v;
  if (!isIntOrNull(httpStatus) || typeof type !== 'string' || !isErrorType(type)) return null;
  if (typeof code !== 'string' || typeof message !== 'string' || typeof retryable !== 'boolean') return null;
  if ((param !== null && typeof param !== 'string') || !isNumberOrNull(retryAfterMs)) return null;
  return {
    httpStatus: httpStatus as number | null,
    type,
    code,
    message,
    param,
    retryable,
    retryAfterMs: retryAfterMs as number | null,
  };
}

/**
 * System codes of a connection that was never made: refused (nothing listens there, or a firewall said no) or a
 * name that never resolved. The request cannot have left, so the gateway made nothing and charged nothing; a reset
 * or a timeout, by contrast, may come after the body was sent, and its outcome stays unknown.
 */
const NEVER_CONNECTED: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** A failure that proves the request never left this machine: nothing was made or charged at the gateway. */
export function neverSent(info: Pick<GatewayErrorInfo, 'type' | 'httpStatus' | 'code'>): boolean {
  return info.type === 'network_error' && info.httpStatus === null && NEVER_CONNECTED.has(String(info.code));
}
