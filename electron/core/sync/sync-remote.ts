// The one port sync talks to the remote through. Three adapters implement it (S3, WebDAV, a plain folder); the
// rest of sync never knows which. Keys are '/'-separated paths relative to the remote's root (the bucket's
// prefix, the WebDAV folder, the folder); an adapter maps them to its own names.
import type { Readable } from 'node:stream';
import type { SyncProblemKind } from '../../../shared/studio/sync';

export interface RemoteObjectInfo {
  size: number;
}

export interface PutOptions {
  /** Write only when no object has this key yet (S3 If-None-Match: *). Where the service has no such thing the
   * write goes ahead: callers only ask for it where either outcome is correct. */
  ifAbsent?: boolean;
}

/** What a put did: wrote the object, or found one there already under ifAbsent. */
export type PutOutcome = 'written' | 'exists';

export interface SyncRemote {
  /** A one-line description for logs and messages (never a secret). */
  readonly label: string;
  /** The object's bytes, or null when there is none. */
  get(key: string, signal?: AbortSignal): Promise<Buffer | null>;
  /** The object as a stream (big files), or null when there is none. */
  getStream(key: string, signal?: AbortSignal): Promise<Readable | null>;
  /** Writes the object whole: a reader sees the old object, none, or the new one complete, never a part. */
  put(key: string, body: Buffer, options?: PutOptions, signal?: AbortSignal): Promise<PutOutcome>;
  /** A big object from a stream of known size (multipart on S3). */
  putStream(key: string, body: () => Readable, size: number, signal?: AbortSignal): Promise<void>;
  /** The object's size, or null when there is none. */
  head(key: string, signal?: AbortSignal): Promise<RemoteObjectInfo | null>;
  /** The names directly under a folder key (no recursion): the devices folder is the only thing ever listed. */
  list(folder: string, signal?: AbortSignal): Promise<string[]>;
  /** Checks that the remote is there, reachable and writable (writes and removes one small object). */
  probe(signal?: AbortSignal): Promise<void>;
  /**
   * Makes the folder the remote points at, and the folders above it, when they are missing ("Create this
   * folder"); a folder already there is left as it is. Absent where the studio must not create the root: an
   * S3 bucket is the provider's to create (its billing, region and access rules are chosen there).
   */
  createRoot?(signal?: AbortSignal): Promise<void>;
}

/** A failure the remote reported, as a kind and a sentence a person can act on. */
export class SyncRemoteError extends Error {
  constructor(
    readonly kind: SyncProblemKind,
    message: string,
    /** Whether trying again later may succeed (a 503, a timeout) as opposed to needing a person (a password). */
    readonly transient: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SyncRemoteError';
  }
}
