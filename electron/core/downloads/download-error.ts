// The one error type of the downloader: the manager reads `retryable` to decide between backoff and giving up.

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
