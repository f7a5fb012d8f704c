// Every failed bridge call carries a GatewayErrorInfo in error.data.error (shared/bridge/errors.ts). This pulls it
// out, whatever threw, so the UI always has a value to turn into a sentence.
import type { TFunction } from 'i18next';
// Read without zod (gatewayErrorInfoOf, the schema's twin): this module is on the first screen's path, and
// zod's evaluation was the largest part of the start's JavaScript (docs/architecture.md, "Renderer load").
import { ERROR_TYPES, gatewayErrorInfoOf, localErrorInfo } from '../../shared/gateway/error-types';
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';
import { gatewayErrorSentence } from './gateway-error-sentence';

const NETWORK: GatewayErrorInfo = localErrorInfo('bridge_unreachable', '');

/**
 * A failed bridge call, known by its shape rather than by instanceof: tRPC's client, trpc-electron's (which
 * carries its own copy of the class) and the first screen's plain request (first-screen.ts) all throw an Error
 * named TRPCClientError with the formatter's data, and checking the class would keep tRPC's client in the start.
 */
function isBridgeCallError(error: unknown): error is Error & { data?: unknown } {
  return error instanceof Error && error.name === 'TRPCClientError';
}

export function errorInfoOf(error: unknown): GatewayErrorInfo {
  if (isBridgeCallError(error)) {
    const data: unknown = error.data;
    const info =
      typeof data === 'object' && data !== null && 'error' in data ? gatewayErrorInfoOf(data.error) : null;
    if (info) return info;
    // No structured data: the request itself never reached the studio's main process.
    return { ...NETWORK, message: error.message };
  }
  const direct = gatewayErrorInfoOf(error);
  if (direct) return direct;
  return localErrorInfo('internal_error', error instanceof Error ? error.message : String(error), {
    code: 'unknown',
  });
}

/**
 * The browser's own words for a request that never got a readable answer ("Failed to execute 'json' on
 * 'Response'…", "Failed to fetch", "Unexpected token <") mean nothing to a creator: they are said in ours.
 */
function bridgeSentence(message: string, t: TFunction): string {
  if (/failed to fetch|networkerror|load failed/i.test(message)) return t('errors.bridgeUnreachable');
  if (/json|unexpected (token|end)|failed to execute/i.test(message)) return t('errors.bridgeUnreadable');
  return t('errors.bridge', { message });
}

export function errorSentence(error: unknown, t: TFunction): string {
  const info = errorInfoOf(error);
  if (info.type === 'bridge_unreachable') return bridgeSentence(info.message, t);
  if (info.type === 'internal_error') return t('errors.unknown', { message: info.message });
  return gatewayErrorSentence(info, t);
}

/**
 * What a toast says when a task fails: "The task failed: <why>", said once. A failure whose own sentence already
 * says the task failed (a failed, interrupted or stopped task, lost files) is that sentence alone.
 */
export function taskFailureSentence(error: GatewayErrorInfo, t: TFunction): string {
  const sentence = errorSentence(error, t);
  return ERROR_TYPES[error.type].sentence === 'errors.taskFailed'
    ? sentence
    : t('errors.taskFailed', { message: sentence });
}
