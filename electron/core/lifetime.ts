// Teardown as data, in the manner of VS Code's DisposableStore: everything that must end when a part ends (its
// timers, its abort signal, the work it still has in flight) is registered in one store, and ending the part is
// disposing the store and awaiting the work it holds. Nothing is kept in hand-written sets and counters that a
// shutdown path must remember to clear, so a new timer or request cannot be forgotten by close().
import type { Clock } from './clock';

export interface Disposable {
  dispose(): void;
}

export function toDisposable(fn: () => void): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      fn();
    },
  };
}

/** A set of disposables ended together; one added after the store ended is ended at once. */
export class DisposableStore implements Disposable {
  readonly #items = new Set<Disposable>();
  #disposed = false;

  get isDisposed(): boolean {
    return this.#disposed;
  }

  add<T extends Disposable>(item: T): T {
    if (this.#disposed) item.dispose();
    else this.#items.add(item);
    return item;
  }

  /** Forgets an item that ended by itself (a timer that fired, work that settled) without disposing it. */
  forget(item: Disposable): void {
    this.#items.delete(item);
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const items = [...this.#items];
    this.#items.clear();
    for (const item of items) item.dispose();
  }
}

/**
 * One part's lifetime: a DisposableStore that also holds the part's abort signal, its timers and the promises
 * still running, each filed under a kind, so "how many polls are in flight" and "wait for every submission"
 * are questions to the store rather than counters of their own.
 */
export class Lifetime<Kind extends string> implements Disposable {
  readonly #store = new DisposableStore();
  readonly #controller = new AbortController();
  /** The signals signalWith() handed out and not yet collected, each with the controller that aborts it. */
  readonly #children = new WeakMap<AbortSignal, AbortController>();
  readonly #childRefs = new Set<WeakRef<AbortSignal>>();
  readonly #collected = new FinalizationRegistry<WeakRef<AbortSignal>>((ref) => this.#childRefs.delete(ref));
  readonly #work = new Map<Promise<unknown>, Kind>();
  /** How much work of each kind is running: asked on every turn of a pump, so kept rather than counted. */
  readonly #counts = new Map<Kind, number>();
  readonly #waiters = new Set<{ kinds: readonly Kind[] | null; wake: () => void }>();

  constructor(private readonly clock: Pick<Clock, 'setTimer'>) {}

  /** Aborted when the lifetime ends: every request the part sends listens to it. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get isDisposed(): boolean {
    return this.#store.isDisposed;
  }

  add<T extends Disposable>(item: T): T {
    return this.#store.add(item);
  }

  /**
   * The signal of this lifetime, joined with a caller's own (cancel either and the request stops). Always a
   * new signal: a waiter listens on it, not on the lifetime's own, which would gather one listener per wait.
   */
  signalWith(signal?: AbortSignal): AbortSignal {
    const own = this.#childSignal();
    return signal ? AbortSignal.any([own, signal]) : own;
  }

  /**
   * A fresh signal that aborts with this lifetime. Not AbortSignal.any() over the lifetime's own: Node keeps every
   * signal composed from one source and sweeps them all each time one is collected, which made each of the
   * engine's thousands of waits and requests cost several times a plain signal. Here a collected signal is
   * forgotten alone (the WeakMap keeps its controller exactly as long as the signal lives).
   */
  #childSignal(): AbortSignal {
    const controller = new AbortController();
    const { signal } = controller;
    if (this.#controller.signal.aborted) {
      controller.abort(this.#controller.signal.reason);
      return signal;
    }
    const ref = new WeakRef(signal);
    this.#children.set(signal, controller);
    this.#childRefs.add(ref);
    this.#collected.register(signal, ref);
    return signal;
  }

  /** A timer that ends with the lifetime; disposing the returned handle cancels it. None is armed once ended. */
  timer(ms: number, fn: () => void): Disposable {
    let handle: Disposable | null = null;
    const timer = this.clock.setTimer(ms, () => {
      if (handle) this.#store.forget(handle);
      fn();
    });
    handle = this.#store.add(toDisposable(() => timer.cancel()));
    return handle;
  }

  /** Holds `work` under `kind` until it settles; settled() waits for it. */
  track<T>(work: Promise<T>, kind: Kind): Promise<T> {
    if (this.#work.has(work)) return work;
    this.#work.set(work, kind);
    this.#counts.set(kind, (this.#counts.get(kind) ?? 0) + 1);
    const release = (): void => {
      this.#work.delete(work);
      this.#counts.set(kind, (this.#counts.get(kind) ?? 1) - 1);
      this.#wake();
    };
    void work.then(release, release);
    return work;
  }

  /** How much work of these kinds (all kinds by default) is still running. */
  count(kinds?: readonly Kind[]): number {
    if (!kinds) return this.#work.size;
    let n = 0;
    for (const kind of kinds) n += this.#counts.get(kind) ?? 0;
    return n;
  }

  /** Resolves once no work of these kinds (all by default) is running, work started meanwhile included. */
  settled(kinds?: readonly Kind[]): Promise<void> {
    if (this.count(kinds) === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiters.add({ kinds: kinds ?? null, wake: resolve });
    });
  }

  /** Aborts the signal and cancels every timer; running work is left to settle (await settled()). */
  dispose(reason: unknown = new Error('ended')): void {
    if (this.#store.isDisposed) return;
    this.#controller.abort(reason);
    for (const ref of this.#childRefs) {
      const child = ref.deref();
      if (child) this.#children.get(child)?.abort(reason);
    }
    this.#childRefs.clear();
    this.#store.dispose();
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) {
      if (this.count(waiter.kinds ?? undefined) > 0) continue;
      this.#waiters.delete(waiter);
      waiter.wake();
    }
  }
}
