// What a screen reader is told, throttled so that many tasks moving at once do not flood it: the first message
// after a quiet spell goes out at once; those that come during the next window are held and go out together
// when it ends, one message per key (a later message with the same key replaces the earlier, a count says how
// many came). So 50 tasks finishing within a second are two announcements, "1 task finished" and then "49
// tasks finished", not 50. The polite announcer feeds the app's one polite live region (ui/toasts.tsx); errors
// speak through error toasts (role="alert"), coalesced with the same throttle (lib/task-announcements.ts).

/** How long after an announcement the next one waits, gathering what comes meanwhile. */
export const ANNOUNCE_WINDOW_MS = 3000;

/** A message: its words for how many times it was said within one window (1 or more). */
export type Words = (count: number) => string;

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const windowTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};

export class Throttle {
  private readonly pending = new Map<string, { words: Words; count: number }>();
  private timer: unknown = null;

  constructor(
    /** Receives each flush: the words of every key said since the last one, in the order first said. */
    private readonly flush: (messages: string[]) => void,
    private readonly windowMs = ANNOUNCE_WINDOW_MS,
    private readonly timers: Timers = windowTimers,
  ) {}

  say(key: string, words: Words): void {
    const held = this.pending.get(key);
    this.pending.set(key, { words, count: (held?.count ?? 0) + 1 });
    if (this.timer === null) this.release();
  }

  /** Sends what is held (if anything) and opens a window in which what comes is held. */
  private release(): void {
    if (this.pending.size === 0) {
      this.timer = null;
      return;
    }
    const messages = [...this.pending.values()].map(({ words, count }) => words(count));
    this.pending.clear();
    this.flush(messages);
    this.timer = this.timers.setTimeout(() => this.release(), this.windowMs);
  }

  /** Drops what is held and the window (the app is going away, or a test starts afresh). */
  reset(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}

/** The polite announcement on show, and who wants to know when it changes. */
let current: { id: number; text: string } | null = null;
const listeners = new Set<() => void>();

export const politeAnnouncer = new Throttle((messages) => {
  current = { id: (current?.id ?? 0) + 1, text: messages.join(' ') };
  for (const listener of listeners) listener();
});

/** Tells a screen reader, politely and throttled; messages with the same key in one window become one. */
export function announce(key: string, words: Words): void {
  politeAnnouncer.say(key, words);
}

export function currentAnnouncement(): { id: number; text: string } | null {
  return current;
}

export function subscribeAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
