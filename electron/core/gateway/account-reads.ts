// Balance reads as a person waits for them (the CLI's `balance`, the app's balance card): one source for how
// long a read may take and what a silent gateway is told as.
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { CallOptions } from './gateway-port';

/**
 * 10 s of silence per try and up to three tries for 429s, 5xx and resets; a try that hangs (the gateway took
 * the connection and never answered) is not repeated, so a hung balance call fails within one idle timeout.
 */
export const ACCOUNT_READ = {
  timeoutMs: 10_000,
  maxAttempts: 3,
  retryTimeouts: false,
} as const satisfies CallOptions;

/** The sentence for a balance request the gateway took but never answered. */
export function balanceTimeoutSentence(timeoutMs: number): string {
  return `The gateway took the balance request but did not answer within ${Math.round(timeoutMs / 1000)} s. Try again later, or check the base URL.`;
}

/** Runs a balance read with ACCOUNT_READ; a timeout comes back as a GatewayError with that sentence. */
export async function readBalance<T>(
  read: (options: CallOptions) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await read({ ...ACCOUNT_READ, ...(signal && { signal }) });
  } catch (error) {
    if (error instanceof GatewayError && error.type === 'timeout')
      throw new GatewayError({ ...error.info, message: balanceTimeoutSentence(ACCOUNT_READ.timeoutMs) });
    throw error;
  }
}
