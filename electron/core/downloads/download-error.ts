// The one error type of the downloader: the manager reads `retryable` to decide between backoff and giving up.
import type { MissingFileReason } from '../../../shared/studio/records';

export type DownloadFailure =
  | 'unsafe_url'
  | 'http_status'
  | 'too_many_redirects'
  | 'size_mismatch'
  | 'unknown_type'
  | 'type_mismatch'
  | 'protocol'
  | 'network'
  | 'too_large'
  | 'no_space'
  | 'too_slow';

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    readonly reason: DownloadFailure,
    message: string,
    readonly retryable: boolean,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

/** Why a file that failed this way is missing, as the task list says it. */
export const MISSING_REASON_OF: Record<DownloadFailure, MissingFileReason> = {
  http_status: 'refused',
  unsafe_url: 'refused',
  too_many_redirects: 'refused',
  size_mismatch: 'network',
  protocol: 'network',
  network: 'network',
  too_slow: 'network',
  too_large: 'invalid',
  // Never reported missing for it: a file without room waits for space (download-manager.ts).
  no_space: 'network',
  unknown_type: 'invalid',
  type_mismatch: 'invalid',
};

/**
 * What a file host answers for a file that exists but is not ready yet: a file asked for right after its task
 * completed may be refused so (202, 409, 423, 425 Too Early), and the download is tried again, never the
 * generation.
 */
const NOT_READY: ReadonlySet<number> = new Set([202, 409, 423, 425]);

/** Whether a file host's HTTP status is worth trying the same download again for. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500 || NOT_READY.has(status);
}
