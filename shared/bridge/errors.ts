// Errors cross the bridge as values the UI can show (GatewayErrorInfo), never as stacks. A handler throws a
// BridgeError for the studio's own refusals; the gateway client's errors already carry the same fields and are
// recognised by shape, so shared/ does not need to import the client.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { ERROR_TYPES, isErrorType, localErrorInfo } from '../gateway/error-types';
import type { ErrorType } from '../gateway/error-types';
import type { GatewayErrorInfo } from '../gateway/normalized';
import { gatewayErrorInfoSchema } from './record-schemas';

export type BridgeErrorInit = Pick<GatewayErrorInfo, 'type' | 'code' | 'message'> & Partial<GatewayErrorInfo>;

export class BridgeError extends Error {
  readonly info: GatewayErrorInfo;
  constructor(init: BridgeErrorInit) {
    super(init.message);
    this.name = 'BridgeError';
    this.info = {
      httpStatus: null,
      param: null,
      retryable: false,
      retryAfterMs: null,
      ...init,
    };
  }
}

/**
 * The studio's own error, from the one table of error types (shared/gateway/error-types.ts): its status and
 * retryability come from there, so no refusal is written by hand.
 */
export function localError(
  type: ErrorType,
  message: string,
  extra: Partial<Pick<GatewayErrorInfo, 'code' | 'param' | 'retryAfterMs'>> = {},
): BridgeError {
  // httpStatus stays null: no gateway answered. The type's status still decides the bridge's code (trpcCodeFor).
  return new BridgeError(localErrorInfo(type, message, extra));
}

/** An unknown id: the same type the gateway uses for a task it does not know ([ERR-7]), so it reads the same. */
export const notFound = (what: string, id: string): BridgeError =>
  localError('not_found_error', `No ${what} with id ${id}.`, { param: 'id' });

const errorLike = gatewayErrorInfoSchema.partial({ param: true, retryAfterMs: true, httpStatus: true });

const issuesLike = z.object({
  issues: z.array(z.object({ message: z.string(), path: z.array(z.unknown()).optional() }).loose()).min(1),
});

const INTERNAL = localErrorInfo('internal_error', 'Something went wrong inside the studio.', {
  code: 'internal',
});

function pathOf(path: readonly unknown[] | undefined): string | null {
  if (!path || path.length === 0) return null;
  return path
    .map((p) => (typeof p === 'object' && p !== null && 'key' in p ? String(p.key) : String(p)))
    .join('.');
}

/**
 * The value the renderer gets for any failure. Unknown errors become a generic message on purpose: their text
 * may hold paths, URLs or worse, and the user cannot act on it anyway (the main process logs it).
 */
export function toErrorInfo(error: unknown): GatewayErrorInfo {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof BridgeError) return cause.info;
  const gateway = errorLike.safeParse(cause);
  if (gateway.success) {
    return {
      httpStatus: gateway.data.httpStatus ?? null,
      type: gateway.data.type,
      code: gateway.data.code,
      message: gateway.data.message,
      param: gateway.data.param ?? null,
      retryable: gateway.data.retryable,
      retryAfterMs: gateway.data.retryAfterMs ?? null,
    };
  }
  if (error instanceof TRPCError) {
    const issues = issuesLike.safeParse(cause);
    if (error.code === 'BAD_REQUEST' && issues.success) {
      const first = issues.data.issues[0];
      const param = pathOf(first?.path);
      return {
        ...INTERNAL,
        type: 'validation_error',
        code: 'invalid_input',
        message: issues.data.issues
          .map((i) => (pathOf(i.path) ? `${pathOf(i.path)}: ${i.message}` : i.message))
          .join('; '),
        param,
      };
    }
    if (error.code === 'FORBIDDEN') {
      return {
        ...INTERNAL,
        type: 'permission_error',
        code: 'forbidden',
        message: 'This caller may not use the studio.',
      };
    }
    if (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST' || error.code === 'METHOD_NOT_SUPPORTED') {
      return {
        ...INTERNAL,
        type: 'invalid_request_error',
        code: error.code.toLowerCase(),
        message: error.message,
      };
    }
  }
  return INTERNAL;
}

/** The tRPC code (and so the HTTP status in web mode) that fits an error value. */
export function trpcCodeFor(info: GatewayErrorInfo): TRPC_ERROR_CODE_KEY {
  if (info.type === 'validation_error') return 'BAD_REQUEST';
  // The studio's own errors carry no HTTP status; their type's status (error-types.ts) stands in for it.
  const status = info.httpStatus ?? (isErrorType(info.type) ? ERROR_TYPES[info.type].status : null);
  switch (status) {
    case 400:
    case 413:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'PAYMENT_REQUIRED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case null:
      if (info.type === 'internal_error') return 'INTERNAL_SERVER_ERROR';
      return info.retryable ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST';
    default:
      return 'BAD_GATEWAY';
  }
}

/** Shape of `error.data` on every failed call (TRPCClientError.data in the renderer). */
export interface BridgeErrorData {
  code: TRPC_ERROR_CODE_KEY;
  httpStatus: number;
  path: string | null;
  error: GatewayErrorInfo;
}
