// Fault injection for tests of the client's retries and timeouts. 429, 500 and 502 answer before the call is
// processed; hang and reset lose the answer AFTER the call was processed (a submission did create its
// task), which is exactly the case an Idempotency-Key exists for; garble answers a processed call with its
// real status but a body that cannot be read (a proxy that mangles or truncates the JSON).
import { invalidRequest } from './errors';
import type { Prng } from './prng';

export const FAULT_KINDS = ['429', '500', '502', 'hang', 'reset', 'garble'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/** What a rate draws from unless told: garble is opt-in, so older fault mixes keep their meaning. */
const DEFAULT_KINDS: readonly FaultKind[] = ['429', '500', '502', 'hang', 'reset'];

export interface FaultOptions {
  /** Share of matching calls that fail, 0 to 1. */
  rate?: number;
  /** Which faults the rate draws from (evenly). Default: all but garble. */
  kinds?: FaultKind[];
  /** Path prefixes the rate applies to, e.g. ['/v1/tasks/', '/files/']. Default: every path. */
  paths?: string[];
  /** Retry-After of injected 429s, in seconds. Default 1. */
  retryAfterSeconds?: number;
}

/**
 * The header that injects a fault into one request: `X-Sim-Fault: <kind>[,<kind>...][; rate=<0..1>]`, kinds from
 * FAULT_KINDS. Without a rate the call always fails (several kinds: one drawn evenly); with one, only that share
 * of such calls fails, so a client that sends the header on every call meets a given share of faults.
 */
export const FAULT_HEADER = 'x-sim-fault';

const HEADER_GRAMMAR = `X-Sim-Fault must be <kind>[,<kind>...][; rate=<0..1>] with kinds ${FAULT_KINDS.join(', ')}`;

/** Parses the header; a malformed one is a 400, so a typo in a test never passes silently as "no fault". */
export function parseFaultHeader(value: string): { kinds: FaultKind[]; rate: number } {
  const [list = '', ...params] = value.split(';').map((part) => part.trim());
  const kinds = list.split(',').map((kind) => kind.trim().toLowerCase());
  if (!kinds.every(isFaultKind)) throw invalidRequest(`${HEADER_GRAMMAR}; got "${value}"`);
  let rate = 1;
  for (const param of params) {
    const match = /^rate\s*=\s*(\S+)$/i.exec(param);
    const parsed = match?.[1] !== undefined ? Number(match[1]) : Number.NaN;
    if (!(parsed >= 0 && parsed <= 1)) throw invalidRequest(`${HEADER_GRAMMAR}; got "${value}"`);
    rate = parsed;
  }
  return { kinds, rate };
}

export const isFaultKind = (value: unknown): value is FaultKind =>
  typeof value === 'string' && (FAULT_KINDS as readonly string[]).includes(value);

export class Faults {
  private options: Required<FaultOptions> = {
    rate: 0,
    kinds: [...DEFAULT_KINDS],
    paths: [],
    retryAfterSeconds: 1,
  };
  private readonly queue: FaultKind[] = [];
  /** How many faults were injected, by kind: tests check the client really met them. */
  readonly injected: Record<FaultKind, number> = {
    '429': 0,
    '500': 0,
    '502': 0,
    hang: 0,
    reset: 0,
    garble: 0,
  };

  /** Tests waiting for a fault to be met (whenInjected), woken as it is injected instead of polling the count. */
  private readonly waiters: { kind: FaultKind; count: number; wake: () => void }[] = [];

  constructor(
    private readonly prng: Prng,
    initial?: FaultOptions,
  ) {
    if (initial) this.set(initial);
  }

  set(options: FaultOptions): void {
    const rate = options.rate ?? this.options.rate;
    if (!(rate >= 0 && rate <= 1)) throw new RangeError('faults.rate must be between 0 and 1');
    const retryAfterSeconds = options.retryAfterSeconds ?? this.options.retryAfterSeconds;
    if (!(Number.isSafeInteger(retryAfterSeconds) && retryAfterSeconds >= 0))
      throw new RangeError('faults.retryAfterSeconds must be a whole number of seconds, 0 or more');
    const kinds = options.kinds ?? this.options.kinds;
    if (kinds.length === 0 || !kinds.every(isFaultKind))
      throw new RangeError(`faults.kinds must be from ${FAULT_KINDS.join(', ')}`);
    this.options = {
      rate,
      kinds: [...kinds],
      paths: [...(options.paths ?? this.options.paths)],
      retryAfterSeconds,
    };
  }

  clear(): void {
    this.options = { rate: 0, kinds: [...DEFAULT_KINDS], paths: [], retryAfterSeconds: 1 };
    this.queue.length = 0;
  }

  /** The next calls (matching the path filter) fail with these faults, in order, before any rate applies. */
  enqueue(...kinds: FaultKind[]): void {
    if (!kinds.every(isFaultKind)) throw new RangeError(`fault kinds are ${FAULT_KINDS.join(', ')}`);
    this.queue.push(...kinds);
  }

  get retryAfterSeconds(): number {
    return this.options.retryAfterSeconds;
  }

  /** The fault for this call, or null. Throws a 400 SimError for a malformed X-Sim-Fault header. */
  pick(path: string, header: string | string[] | undefined): FaultKind | null {
    const forced = Array.isArray(header) ? header[0] : header;
    let kind: FaultKind | null = null;
    if (forced !== undefined && forced.trim() !== '') {
      const { kinds, rate } = parseFaultHeader(forced);
      if (rate >= 1 || this.prng.next() < rate)
        kind = kinds.length === 1 ? (kinds[0] ?? null) : this.prng.pick(kinds);
    } else if (this.options.paths.length === 0 || this.options.paths.some((p) => path.startsWith(p))) {
      kind = this.queue.shift() ?? null;
      if (!kind && this.options.rate > 0 && this.prng.next() < this.options.rate)
        kind = this.prng.pick(this.options.kinds);
    }
    if (kind) {
      this.injected[kind]++;
      for (const waiter of [...this.waiters]) {
        if (waiter.kind !== kind || this.injected[kind] < waiter.count) continue;
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.wake();
      }
    }
    return kind;
  }

  /** Resolves once `count` faults of this kind have been injected in all (at once if they already were). */
  whenInjected(kind: FaultKind, count = 1): Promise<void> {
    if (this.injected[kind] >= count) return Promise.resolve();
    return new Promise((wake) => this.waiters.push({ kind, count, wake }));
  }
}
