// Compile-time tests of the one table of error types (shared/gateway/error-types.ts). Nothing here runs:
// `npm run typecheck` compiles it, and every `@ts-expect-error` is an assertion (an unused directive fails the
// typecheck). So an error spelled outside the table cannot be made anywhere: not by the bridge's localError(),
// not by the CLI's cliError(), not as a hand-written GatewayErrorInfo.
import { localError } from '../../shared/bridge/errors';
import { localErrorInfo } from '../../shared/gateway/error-types';
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';
import { cliError, EXIT } from '../../electron/cli/cli-errors';

// P1: the table's spellings compile.
export const _p1 = [
  localError('not_found_error', 'No task with id x.'),
  localErrorInfo('validation_error', 'm'),
  cliError(EXIT.invalid, 'invalid_argument', 'm'),
];

// N1: the bridge's old spelling of an unknown id is not the gateway's ([ERR-7] not_found_error).
// @ts-expect-error - 'not_found' is not an error type
export const _n1 = localError('not_found', 'No task with id x.');

// N2: the same through the info factory and the CLI's.
// @ts-expect-error - 'not_found' is not an error type
export const _n2 = localErrorInfo('not_found', 'm');
// @ts-expect-error - 'bad_argument' is not an error type
export const _n3 = cliError(EXIT.invalid, 'bad_argument', 'm');

// N4: a hand-written value with a stray spelling.
export const _n4: GatewayErrorInfo = {
  httpStatus: 404,
  // @ts-expect-error - 'notfound' is not an error type
  type: 'notfound',
  code: '',
  message: 'm',
  param: null,
  retryable: false,
  retryAfterMs: null,
};
