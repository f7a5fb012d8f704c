// A sync failure as the studio's error shape, decided once for the two places that report it: the CLI (its
// `--json` error and exit code) and the bridge (Settings › Sync, Restore, a file fetched on open). The code is
// shared/studio/sync.ts's spelling; the type is the one table's (shared/gateway/error-types.ts).
import type { ErrorType } from '../../../shared/gateway/error-types';
import { SYNC_NOT_READY_CODE, syncErrorCode } from '../../../shared/studio/sync';
import { SyncNotReadyError } from './sync-service';
import { SyncRemoteError } from './sync-remote';

export interface SyncErrorInfo {
  type: ErrorType;
  code: string;
  message: string;
  /** Who acts: 'later' (trying again may work), 'person' (a password, a bucket), 'setup' (no round could start). */
  remedy: 'later' | 'person' | 'setup';
}

/** The error a sync failure is reported as, or null when the thrown thing is not one of sync's. */
export function syncErrorInfo(thrown: unknown): SyncErrorInfo | null {
  if (thrown instanceof SyncNotReadyError) {
    return {
      type: 'invalid_request_error',
      code: SYNC_NOT_READY_CODE,
      message: thrown.message,
      remedy: 'setup',
    };
  }
  if (!(thrown instanceof SyncRemoteError)) return null;
  const type: ErrorType =
    thrown.kind === 'auth'
      ? 'authentication_error'
      : thrown.kind === 'no-write-permission'
        ? 'permission_error'
        : thrown.kind === 'missing-bucket-or-folder'
          ? 'not_found_error'
          : thrown.kind === 'unreachable'
            ? 'network_error'
            : thrown.transient
              ? 'service_unavailable'
              : 'invalid_request_error';
  return {
    type,
    code: syncErrorCode(thrown.kind),
    message: thrown.message,
    remedy: thrown.transient ? 'later' : 'person',
  };
}
