// Fault injection for tests of the client's retries and timeouts. 429, 500 and 502 answer before the call is
// processed; hang and reset lose the answer AFTER the call was processed (a submission did create its
// task), which is exactly the case an Idempotency-Key exists for.
import type { Prng } from './prng';

export const FAULT_KINDS = ['429', '500', '502', 'hang', 'reset'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  /** Share of matching calls that fail, 0 to 1. */
  rate?: number;
  /** Which faults the rate draws from (evenly). Default: all of them. */
  kinds?: FaultKind[];
  /** Path prefixes the rate applies to, e.g. ['/v1/tasks/', '/files/']. Default: every path. */
  paths?: string[];
  /** Retry-After of injected 429s, in seconds. Default 1. */
  retryAfterSeconds?: number;
}

/** The header that forces a fault on one request: X-Sim-Fault: 429 | 500 | 502 | hang | reset. */
export const FAULT_HEADER = 'x-sim-fault';

export const isFaultKind = (value: unknown): value is FaultKind =>
  typeof value === 'string' && (FAULT_KINDS as readonly string[]).includes(value);

export class Faults {
  private options: Required<FaultOptions> = {
    rate: 0,
    kinds: [...FAULT_KINDS],
    paths: [],
    retryAfterSeconds: 1,
  };
  private readonly queue: FaultKind[] = [];
  /** How many faults were injected, by kind: tests check the client really met them. */
  readonly injected: Record<FaultKind, number> = { '429': 0, '500': 0, '502': 0, hang: 0, reset: 0 };

  constructor(
    private readonly prng: Prng,
    initial?: FaultOptions,
  ) {
    if (initial) this.set(initial);
  }

  set(options: FaultOptions): void {
    const rate = options.rate ?? this.options.rate;
    if (!(rate >= 0 && rate <= 1)) throw new RangeError('faults.rate must be between 0 and 1');
    const kinds = options.kinds ?? this.options.kinds;
    if (kinds.length === 0 || !kinds.every(isFaultKind))
      throw new RangeError(`faults.kinds must be from ${FAULT_KINDS.join(', ')}`);
    this.options = {
      rate,
      kinds: [...kinds],
      paths: [...(options.paths ?? this.options.paths)],
      retryAfterSeconds: options.retryAfterSeconds ?? this.options.retryAfterSeconds,
    };
  }

  clear(): void {
    this.options = { rate: 0, kinds: [...FAULT_KINDS], paths: [], retryAfterSeconds: 1 };
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

  pick(path: string, header: string | string[] | undefined): FaultKind | null {
    const forced = Array.isArray(header) ? header[0] : header;
    let kind: FaultKind | null = null;
    if (isFaultKind(forced)) kind = forced;
    else if (this.options.paths.length === 0 || this.options.paths.some((p) => path.startsWith(p))) {
      kind = this.queue.shift() ?? null;
      if (!kind && this.options.rate > 0 && this.prng.next() < this.options.rate)
        kind = this.prng.pick(this.options.kinds);
    }
    if (kind) this.injected[kind]++;
    return kind;
  }
}
