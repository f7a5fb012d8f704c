// A count of work in flight that can be waited on: whoever needs "nothing is running now" (the CLI between
// steps, tests stepping a fake clock, the bench) awaits the moment the count reaches zero instead of polling it
// on a timer.
export class BusyGauge {
  #count = 0;
  #waiters: (() => void)[] = [];

  get count(): number {
    return this.#count;
  }

  enter(): void {
    this.#count++;
  }

  /** Pair it with enter() in a finally. A leave without its enter is a bug, said so rather than clamped away. */
  leave(): void {
    if (this.#count === 0) throw new Error('BusyGauge.leave() without a matching enter()');
    this.#count--;
    if (this.#count > 0) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves at once when nothing is in flight, else when the last piece of work in flight leaves. */
  whenZero(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}
