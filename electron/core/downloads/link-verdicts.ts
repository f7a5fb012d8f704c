// What a file host's answer means for a result link:
// - past its expires_at the link expired, and a refusal within a minute of it is its end;
// - a refusal (401, 403, 404, 410) while the link is still promised is a link revoked early: signed CDN links
//   run out before the expires_at the gateway gave (clocks drift, keys rotate, a signature shorter than the
//   promise). The gateway is asked for the task again, and a fresh link is fetched, for as long as it hands
//   out new ones (at most MAX_RENEWALS per file, so a host that refuses every link cannot loop forever);
// - a task past the links' lifetime ([LIM-12]: 24 h where expires_at is not given) cannot be asked for a
//   fresh link, and says so.
import { FIXED_LINK_LIFETIME_S } from '../../../shared/gateway/limits';
import type { TaskRecord } from '../../../shared/studio/records';
import type { Clock } from '../clock';
import type { FileRow } from './task-file-rows';

const REFUSED = new Set([401, 403, 404, 410]);

/** Fresh links asked for one file before its refusals are taken as final. */
export const MAX_RENEWALS = 5;

export type Refusal = { renew: boolean; message: string };

export class LinkVerdicts {
  /** Fresh links asked for, by `${taskId}:${ordinal}` (this process: a restart gives a file its tries again). */
  readonly #renewals = new Map<string, number>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  expired(row: FileRow): boolean {
    return row.expires_at !== null && this.clock.now() >= row.expires_at * 1000;
  }

  /** A 403/404/410 within a minute of expires_at is the link's end, not a fault worth reporting as one. */
  endingSoon(row: FileRow): boolean {
    return row.expires_at !== null && this.clock.now() >= row.expires_at * 1000 - 60_000;
  }

  /** What a refused link calls for: a fresh one from the gateway, or a sentence why not; null: not a refusal. */
  refused(key: string, row: FileRow, task: TaskRecord, status: number | null): Refusal | null {
    if (status === null || !REFUSED.has(status)) return null;
    const promisedUntil =
      row.expires_at !== null
        ? row.expires_at * 1000
        : (task.completedAt ?? task.updatedAt) + FIXED_LINK_LIFETIME_S * 1000;
    if (this.clock.now() >= promisedUntil)
      return {
        renew: false,
        message: `the file host refused the link (HTTP ${status}), and the task is older than its links live, so no fresh link can be asked for`,
      };
    const asked = this.#renewals.get(key) ?? 0;
    if (asked >= MAX_RENEWALS)
      return {
        renew: false,
        message: `the file host refused the link (HTTP ${status}) and the ${asked} fresh ones the gateway gave after it`,
      };
    this.#renewals.set(key, asked + 1);
    return {
      renew: true,
      message: `the file host refused the link (HTTP ${status}) before it expired; asking the gateway for a fresh one`,
    };
  }

  forget(key: string): void {
    this.#renewals.delete(key);
  }
}
