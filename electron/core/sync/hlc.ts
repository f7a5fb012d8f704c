// A hybrid logical clock (Kulkarni et al., 2014): wall time, a counter for events inside one millisecond or
// while the wall clock lags a time already seen, and the device id to break ties. Its stamps are fixed-width
// strings, so comparing two is comparing strings, in SQL as in TypeScript. A device whose clock runs behind
// still stamps an edit later than every change it has already read, which is what "the later edit wins"
// needs: wall time alone would let a slow clock lose edits made after seeing the other side's.

export type HlcStamp = string;

const WALL_DIGITS = 12; // hex ms: good until the year 10889
const COUNTER_DIGITS = 6;

interface Parts {
  wall: number;
  counter: number;
}

export function parseStamp(stamp: HlcStamp): Parts & { device: string } {
  const [wall = '0', counter = '0', ...device] = stamp.split('-');
  return { wall: parseInt(wall, 16), counter: parseInt(counter, 16), device: device.join('-') };
}

function format({ wall, counter }: Parts, device: string): HlcStamp {
  return `${wall.toString(16).padStart(WALL_DIGITS, '0')}-${counter.toString(16).padStart(COUNTER_DIGITS, '0')}-${device}`;
}

/** The smallest stamp: older than anything a device writes. */
export const ZERO_STAMP: HlcStamp = format({ wall: 0, counter: 0 }, '');

export class HybridClock {
  #last: Parts;

  constructor(
    private readonly device: string,
    private readonly now: () => number,
    last: HlcStamp | null,
  ) {
    this.#last = last ? parseStamp(last) : { wall: 0, counter: 0 };
  }

  /** A stamp for a change made here now: later than every stamp made or seen before. */
  tick(): HlcStamp {
    const wall = Math.max(this.#last.wall, this.now());
    this.#last = { wall, counter: wall === this.#last.wall ? this.#last.counter + 1 : 0 };
    return format(this.#last, this.device);
  }

  /** Another device's stamp was read: later ticks here come after it, whatever this machine's clock says. */
  observe(stamp: HlcStamp): void {
    const seen = parseStamp(stamp);
    if (seen.wall > this.#last.wall || (seen.wall === this.#last.wall && seen.counter > this.#last.counter)) {
      this.#last = { wall: seen.wall, counter: seen.counter };
    }
  }

  /** What to keep across runs so a restart never stamps earlier than before. */
  get last(): HlcStamp {
    return format(this.#last, this.device);
  }
}

export const later = (a: HlcStamp | null, b: HlcStamp | null): HlcStamp | null =>
  a === null ? b : b === null ? a : a > b ? a : b;
