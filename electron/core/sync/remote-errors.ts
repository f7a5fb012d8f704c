// Turning what a remote (or the network under it) threw into a SyncRemoteError: a problem kind and a sentence a
// person can act on. Each adapter reads its own status codes; the network's errors are the same for all three.
import type { SyncProblemKind } from '../../../shared/studio/sync';
import { SyncRemoteError } from './sync-remote';

/** The error codes along an error's cause chain (undici and node-fetch wrap the socket's error). */
export function errorCodes(thrown: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = thrown;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const { code, name, cause, errors } = current as {
      code?: unknown;
      name?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') codes.push(code);
    if (typeof name === 'string') codes.push(name);
    if (Array.isArray(errors) && errors.length > 0) current = errors[0];
    else current = cause;
  }
  return codes;
}

const TLS_CODES =
  /^(CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_|ERR_SSL_|EPROTO$)/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'TimeoutError',
  // A request given up on by its own timeout (a pause aborts too, but a paused round never reports a problem).
  'AbortError',
  'RequestTimeout',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** A network-level failure (no answer, a reset, a timeout, a certificate), or null when it is something else. */
export function networkProblem(thrown: unknown, label: string): SyncRemoteError | null {
  if (thrown instanceof SyncRemoteError) return thrown;
  const codes = errorCodes(thrown);
  if (codes.some((code) => TLS_CODES.test(code))) {
    return new SyncRemoteError(
      'tls',
      `The secure connection to ${label} failed: its certificate is not trusted (expired, self-signed or for another name).`,
      false,
      { cause: thrown },
    );
  }
  if (
    codes.some((code) => NETWORK_CODES.has(code)) ||
    /fetch failed|socket hang up|timed? ?out/i.test(String(thrown))
  ) {
    return new SyncRemoteError(
      'unreachable',
      `${label} could not be reached or stopped answering (${codes[0] ?? 'no answer'}). Sync will try again.`,
      true,
      { cause: thrown },
    );
  }
  return null;
}

/** The sentence for an HTTP status answered by a server (S3 and WebDAV share most of them). */
export function httpProblem(
  status: number,
  label: string,
  cause: unknown,
  writing: boolean,
): SyncRemoteError {
  const make = (kind: SyncProblemKind, message: string, transient: boolean) =>
    new SyncRemoteError(kind, message, transient, { cause });
  if (status === 401)
    return make('auth', `${label} refused the user name or password (or access key and secret).`, false);
  if (status === 403) {
    return writing
      ? make('no-write-permission', `${label} does not let this account write there.`, false)
      : make('auth', `${label} refused access with these credentials.`, false);
  }
  if (status === 404)
    return make('missing-bucket-or-folder', `${label} has no such bucket or folder.`, false);
  if (status === 507 || status === 413)
    return make('quota-full', `${label} is full: its storage quota is used up.`, true);
  if (status === 429) return make('other', `${label} asks to slow down (429). Sync will try again.`, true);
  // 423 Locked: WebDAV servers (rclone's among them) lock a path for the length of each write, so two writes to
  // one folder at once (two uploads making it, or two devices) meet a lock that is gone a moment later.
  if (status === 423)
    return make(
      'other',
      `${label} is busy with another write to the same place (423). Sync will try again.`,
      true,
    );
  if (status >= 500)
    return make('other', `${label} had a server error (${status}). Sync will try again.`, true);
  return make('other', `${label} answered ${status}.`, false);
}

/** A failure no rule above names: the adapter's own text, taken as passing (the next round tries again). */
export function otherProblem(thrown: unknown, label: string): SyncRemoteError {
  const text = thrown instanceof Error ? thrown.message : String(thrown);
  return new SyncRemoteError('other', `${label} failed: ${text}`, true, { cause: thrown });
}

/**
 * What an HTTP remote (S3, WebDAV) throws for a failure its adapter has no sentence of its own for: the
 * status the server answered, else the network's failure, else the thrown text. A status comes first: a
 * server's 504 "Gateway Timeout" is its answer, not a connection that never came.
 */
export function remoteProblem(
  thrown: unknown,
  label: string,
  writing: boolean,
  status: number | null,
): SyncRemoteError {
  if (status !== null) return httpProblem(status, label, thrown, writing);
  return networkProblem(thrown, label) ?? otherProblem(thrown, label);
}
