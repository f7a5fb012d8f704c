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

  leave(): void {
    this.#count = Math.max(0, this.#count - 1);
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
