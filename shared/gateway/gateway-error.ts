// The one error type the gateway client throws. It carries GatewayErrorInfo as own fields, so the bridge and
// the engine can recognise it by shape, and it never holds a cause, a request config or a header.
import { localErrorInfo } from './error-types';
import type { ErrorType } from './error-types';
import type { GatewayErrorInfo } from './normalized';

export class GatewayError extends Error implements GatewayErrorInfo {
  readonly httpStatus: number | null;
  readonly type: ErrorType;
  readonly code: string;
  readonly param: string | null;
  readonly retryable: boolean;
  readonly retryAfterMs: number | null;

  constructor(info: GatewayErrorInfo) {
    super(info.message);
    this.name = 'GatewayError';
    this.httpStatus = info.httpStatus;
    this.type = info.type;
    this.code = info.code;
    this.param = info.param;
    this.retryable = info.retryable;
    this.retryAfterMs = info.retryAfterMs;
  }

  get info(): GatewayErrorInfo {
    const { httpStatus, type, code, message, param, retryable, retryAfterMs } = this;
    return { httpStatus, type, code, message, param, retryable, retryAfterMs };
  }

  toJSON(): GatewayErrorInfo {
    return this.info;
  }
}

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}

/** A body the gateway sent that matches none of the shapes the spec allows; `what` names it ("task"). */
export function invalidResponse(
  what: string,
  detail: string,
  httpStatus: number | null = null,
): GatewayError {
  return new GatewayError(
    localErrorInfo('invalid_response', `The gateway's ${what} could not be read: ${detail}`, { httpStatus }),
  );
}

/**
 * A refusal the studio makes itself, thrown from the core: a row of the one error table with its sentence, so
 * the screen and the CLI say what happened instead of "Something went wrong inside the studio".
 */
export function studioRefusal(
  type: ErrorType,
  message: string,
  extra: Partial<Omit<GatewayErrorInfo, 'type' | 'message'>> = {},
): GatewayError {
  return new GatewayError(localErrorInfo(type, message, extra));
}
