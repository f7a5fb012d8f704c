// Web mode's zip downloads: library.exportZip plans the export (names, settings) and answers a link with a
// random ticket; the browser then downloads /export/<ticket>/<name>.zip, which streams the zip as it is read
// (web-server.ts). A ticket lives a few minutes, is known only to the session that asked (the link is behind
// the same session cookie as everything else) and downloads once: a used one is remembered until it would have
// expired, so a second try says it was used. The files are read when downloaded, never staged on disk.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../core/clock';
import type { ExportEntry } from '../core/library/library-export';

/** Long enough for a slow click on a browser's download prompt, short enough not to pile up. */
export const EXPORT_TICKET_MS = 5 * 60_000;

export const EXPORT_BASE_URL = '/export/';

interface Ticket {
  entries: readonly ExportEntry[];
  fileName: string;
  expiresAt: number;
  used: boolean;
}

/** What a download path names: a live export, one already downloaded, or nothing (unknown or expired). */
export type TicketLookup =
  | { state: 'live'; ticket: Pick<Ticket, 'entries' | 'fileName'>; use: () => void }
  | { state: 'used' }
  | { state: 'unknown' };

export class ExportTickets {
  readonly #tickets = new Map<string, Ticket>();
  readonly #clock: Pick<Clock, 'now'>;

  constructor(clock: Pick<Clock, 'now'>) {
    this.#clock = clock;
  }

  /** Keeps an export for a while and answers the path that downloads it. */
  issue(entries: readonly ExportEntry[], fileName: string): string {
    this.#prune();
    const ticket = randomBytes(24).toString('base64url');
    this.#tickets.set(ticket, {
      entries,
      fileName,
      expiresAt: this.#clock.now() + EXPORT_TICKET_MS,
      used: false,
    });
    return `${EXPORT_BASE_URL}${ticket}/${encodeURIComponent(fileName)}`;
  }

  /** The export a download path names (`<ticket>/<name>`); `use()` spends it (the download started). */
  find(path: string): TicketLookup {
    this.#prune();
    const found = this.#tickets.get(path.split('/')[0] ?? '');
    if (!found) return { state: 'unknown' };
    if (found.used) return { state: 'used' };
    return { state: 'live', ticket: found, use: () => (found.used = true) };
  }

  #prune(): void {
    const now = this.#clock.now();
    for (const [key, ticket] of this.#tickets) if (ticket.expiresAt <= now) this.#tickets.delete(key);
  }
}

/** `gateway-studio-2026-11-22-12-items.zip`: the app, the day, how many. */
export function zipFileName(count: number, at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `gateway-studio-${day}-${count}-${count === 1 ? 'item' : 'items'}.zip`;
}
