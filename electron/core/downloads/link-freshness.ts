// What a result link's age and lifetime mean for fetching it ("Links", seen in public clients):
// - a link the gateway has just handed out may answer 404 for a few seconds while it propagates to the file
//   host (often another domain than the API's), so a 404 within FRESH_LINK_GRACE_MS of the first try is
//   retried with the usual backoff before the file is called missing;
// - lifetimes run from 1 h to 72 h and each file carries its own expires_at, which is trusted as given; a file
//   without one may live as little as an hour, so it is fetched first, then the rest by soonest expiry.
import type { Clock } from '../clock';
import type { DownloadError } from './download-error';

/** How long after the first try a 404 still means "not there yet" rather than "gone". */
export const FRESH_LINK_GRACE_MS = 60_000;

/**
 * What a file host answers while a new object has not reached it: 404. A 401, 403 or 410 is a refusal of the
 * link itself (a signature revoked or run out), for which the gateway is asked for a fresh link at once
 * (link-verdicts.ts) rather than the same one tried again.
 */
const NOT_YET_THERE = new Set([404]);

export class FreshLinks {
  readonly #firstTry = new Map<string, number>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  /** Remembers the first try of this file in this process (a restart gives a link its grace again: harmless). */
  tried(key: string): void {
    if (!this.#firstTry.has(key)) this.#firstTry.set(key, this.clock.now());
  }

  /** The link answered `status`: is it young enough that this is propagation, not a missing file? */
  stillPropagating(key: string, status: number | null): boolean {
    if (status === null || !NOT_YET_THERE.has(status)) return false;
    const first = this.#firstTry.get(key);
    return first !== undefined && this.clock.now() - first < FRESH_LINK_GRACE_MS;
  }

  /** Whether a failed try may be repeated: its own verdict, or a fresh link's "not there yet" (anything but a DownloadError: yes). */
  retryable(key: string, failure: DownloadError | null): boolean {
    return failure ? failure.retryable || this.stillPropagating(key, failure.httpStatus) : true;
  }

  forget(key: string): void {
    this.#firstTry.delete(key);
  }
}

/**
 * The queue priority of a file (higher goes first): no expires_at first, since its lifetime is unknown and may
 * be the shortest there is; then the soonest expiry.
 */
export function fetchPriority(expiresAtSeconds: number | null): number {
  return expiresAtSeconds === null ? Number.MAX_SAFE_INTEGER : -expiresAtSeconds;
}
