// The CLI's exit codes and the one error shape it prints. Everything thrown inside a command ends up here.
import { toGatewayErrorInfo } from '../core/tasks/gateway-errors';
import { localErrorInfo } from '../../shared/gateway/error-types';
import type { ErrorType } from '../../shared/gateway/error-types';
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';
import { withoutConfirmAsk } from '../../shared/studio/spending';

export const EXIT = {
  ok: 0,
  /** The gateway refused (an HTTP 4xx answer, or a balance lookup answering success:false) or the task failed. */
  refused: 1,
  /** Invalid arguments or a body the catalog rejects: nothing was sent. */
  invalid: 2,
  /** No usable answer: network, timeout, a 5xx after retries, or a bug. */
  failure: 3,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The `--json` error document: `{ "error": { httpStatus, type, code, message, param } }`. */
export interface CliErrorBody {
  httpStatus: number | null;
  type: ErrorType;
  code: string;
  message: string;
  param: string | null;
}

export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    readonly body: CliErrorBody,
  ) {
    super(body.message);
    this.name = 'CliError';
  }
}

/**
 * The CLI's own error, from the one table of error types (shared/gateway/error-types.ts), like localError() on
 * the bridge: a spelling outside the table does not compile.
 */
export function cliError(
  exitCode: ExitCode,
  type: ErrorType,
  message: string,
  extra: Partial<Pick<GatewayErrorInfo, 'httpStatus' | 'code' | 'param'>> = {},
): CliError {
  const { httpStatus, code, param } = localErrorInfo(type, message, extra);
  return new CliError(exitCode, { httpStatus, type, code, message, param });
}

/** A usage mistake caught before anything is sent. */
export function invalidArgument(
  message: string,
  param: string | null = null,
  code = 'invalid_argument',
): CliError {
  return cliError(EXIT.invalid, 'invalid_argument', message, { code, param });
}

/** The user's spending limits refused (electron/core/spending): the flag that sends anyway, said with the refusal. */
const LIMIT_FLAGS: Readonly<Record<string, string>> = {
  confirmation_required: ' Pass --yes to send it.',
  budget_exceeded: ' Pass --over-budget to send it anyway.',
};

export function fromGatewayError(info: GatewayErrorInfo): CliError {
  // The flag is the CLI's answer to a confirmation question, so it is said in place of the generic ask.
  const said = info.type === 'confirmation_required' ? withoutConfirmAsk(info.message) : info.message;
  const body: CliErrorBody = {
    httpStatus: info.httpStatus,
    type: info.type,
    code: info.code,
    message: `${said}${LIMIT_FLAGS[info.type] ?? ''}`,
    param: info.param,
  };
  return new CliError(exitCodeFor(info), body);
}

export function exitCodeFor(info: GatewayErrorInfo): ExitCode {
  if (info.type === 'validation_error') return EXIT.invalid;
  if (info.type === 'task_failed') return EXIT.refused;
  // The user's own limits said no; nothing was sent.
  if (Object.hasOwn(LIMIT_FLAGS, info.type)) return EXIT.refused;
  // A body we could not read is no answer at all, whatever its status.
  if (info.type === 'invalid_response') return EXIT.failure;
  // 4xx, and [ERR-OTHER-1] a balance lookup answering 200 with success:false, are the gateway saying no.
  if (info.httpStatus !== null && info.httpStatus < 500) return EXIT.refused;
  return EXIT.failure;
}

/** Whatever a command threw, as a CliError: ours as is, the client's by its GatewayErrorInfo, anything else as 3. */
export function toCliError(thrown: unknown): CliError {
  if (thrown instanceof CliError) return thrown;
  const info = toGatewayErrorInfo(thrown);
  if (info.type === 'network_error' && !looksLikeGatewayError(thrown)) {
    return cliError(
      EXIT.failure,
      'unexpected_error',
      thrown instanceof Error ? thrown.message : String(thrown),
    );
  }
  return fromGatewayError(info);
}

function looksLikeGatewayError(thrown: unknown): boolean {
  return typeof thrown === 'object' && thrown !== null && ('httpStatus' in thrown || 'info' in thrown);
}
