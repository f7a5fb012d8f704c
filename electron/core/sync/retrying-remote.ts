// Tries a request again, within the round, when the remote's failure is one that passes by itself: a 5xx, a 429 or
// S3's SlowDown, a WebDAV 423 Locked (another write to the same folder), a reset or a timeout. Without this a
// moment's hiccup of a busy server would stop the round until the next one, minutes later. Every request sync
// sends is safe to repeat (files are named by their sha256, segments and heads are rewritten with the same
// bytes, "write if absent" accepts either outcome), and a stream's body is opened afresh for each try.
import type { Readable } from 'node:stream';
import type { Clock } from '../clock';
import { backoffDelay, RETRY_POLICIES, type RetryPolicy } from '../retry';
import { SyncRemoteError } from './sync-remote';
import type { PutOptions, SyncRemote } from './sync-remote';

export type { RetryPolicy } from '../retry';

/** The studio's one policy for a request's passing failures (core/retry.ts). */
export const DEFAULT_RETRY: RetryPolicy = RETRY_POLICIES.request;

/** Whether trying the same request again soon may succeed. A full quota is transient only over hours (a person
 * frees space), and a retry would resend a big file for nothing. */
export function retryable(error: unknown): boolean {
  return error instanceof SyncRemoteError && error.transient && error.kind !== 'quota-full';
}

/** The waits run on the injected clock (sleep() rejects at once when the round is paused or stopped). */
export function retryingRemote(
  remote: SyncRemote,
  clock: Pick<Clock, 'sleep'>,
  policy: RetryPolicy = DEFAULT_RETRY,
  onRetry: (error: SyncRemoteError, attempt: number) => void = () => undefined,
): SyncRemote {
  const attempt = async <R>(signal: AbortSignal | undefined, send: () => Promise<R>): Promise<R> => {
    for (let tried = 1; ; tried++) {
      try {
        return await send();
      } catch (error) {
        const wait = backoffDelay(tried, policy);
        if (signal?.aborted || wait === null || !retryable(error)) throw error;
        onRetry(error as SyncRemoteError, tried);
        await clock.sleep(wait, signal);
      }
    }
  };
  const createRoot = remote.createRoot?.bind(remote);
  return {
    label: remote.label,
    get: (key: string, signal?: AbortSignal) => attempt(signal, () => remote.get(key, signal)),
    getStream: (key: string, signal?: AbortSignal) => attempt(signal, () => remote.getStream(key, signal)),
    put: (key: string, body: Buffer, options?: PutOptions, signal?: AbortSignal) =>
      attempt(signal, () => remote.put(key, body, options, signal)),
    putStream: (key: string, body: () => Readable, size: number, signal?: AbortSignal) =>
      attempt(signal, () => remote.putStream(key, body, size, signal)),
    head: (key: string, signal?: AbortSignal) => attempt(signal, () => remote.head(key, signal)),
    list: (folder: string, signal?: AbortSignal) => attempt(signal, () => remote.list(folder, signal)),
    probe: (signal?: AbortSignal) => attempt(signal, () => remote.probe(signal)),
    ...(createRoot
      ? { createRoot: (signal?: AbortSignal) => attempt(signal, () => createRoot(signal)) }
      : {}),
  };
}
