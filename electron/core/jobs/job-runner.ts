// The one durable job mechanism (docs/engine.md, "One durable work list"), in the manner of Signal Desktop's
// JobQueue: every kind of background work that must survive a restart is a row of `jobs`, written before its work
// starts, and a kind only says how one job of it runs. The runner owns what every kind shares and none may get
// wrong on its own: the state machine (waiting, running, done, failed, cancelled), the tries and the next try by
// the one job policy (core/retry.ts), every wait on the injected clock, recovery after a crash (each job handed
// back to the line once, claimed by one runner), the teardown (one Lifetime, disposed by the composition root),
// and one stream of changes that the app forwards to the renderer as `job` events.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db/database';
import { Lifetime, type Disposable } from '../lifetime';
import { describeThrown, silentLogger, type Logger } from '../log';
import { backoffDelay, RETRY_POLICIES } from '../retry';
import { JobCancelled, type JobChange, type JobContext, type JobKind } from './job-kind';
import { JobStore, type JobRow } from './job-store';
import { processAlive } from '../process-alive';

export { JobCancelled } from './job-kind';
export type { JobChange, JobContext, JobKind, JobLater } from './job-kind';

/** At most this many due jobs of a kind are handed to its select() at one look. */
const SELECT_WINDOW = 1_000;

export interface JobRunnerOptions {
  db: DatabaseSync;
  clock: Clock;
  logger?: Logger;
  random?: () => number;
  /** This process, and whether another is running: a neighbour's running job is not taken from it. */
  pid?: number;
  alive?: (pid: number) => boolean;
  /** How often the line is looked at while jobs wait (rows another process wrote, a schedule that came). */
  lookAgainMs?: number;
}

const changeOf = (row: JobRow): JobChange => ({
  id: row.id,
  kind: row.kind,
  key: row.key,
  state: row.state,
  attempts: row.attempts,
  nextTryAt: row.nextTryAt,
  error: row.error,
  progress: row.progress,
});

export class JobRunner implements Disposable {
  readonly store: JobStore;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #random: () => number;
  readonly #pid: number;
  readonly #alive: (pid: number) => boolean;
  readonly #lookAgainMs: number;
  /** This runner's life: the rows it holds name it, so its successor tells them from a live neighbour's. */
  readonly life = randomUUID();
  readonly #kinds = new Map<string, JobKind<unknown>>();
  readonly #running = new Map<string, { kind: string; abort: AbortController; ended: Promise<void> }>();
  readonly #listeners = new Set<(change: JobChange) => void>();
  readonly #lifetime: Lifetime<'job'>;
  #wake: Disposable | null = null;
  #started = false;

  constructor(options: JobRunnerOptions) {
    this.store = new JobStore(options.db);
    this.#clock = options.clock;
    this.#logger = options.logger ?? silentLogger;
    this.#random = options.random ?? Math.random;
    this.#pid = options.pid ?? process.pid;
    this.#alive = options.alive ?? processAlive;
    this.#lookAgainMs = options.lookAgainMs ?? 2_000;
    this.#lifetime = new Lifetime(options.clock);
  }

  /**
   * Makes a kind runnable here; what a crashed life left running is handed back at start (or now, after it).
   * The answer takes the kind off again (its owner handing over to a successor, which registers it anew): no job
   * of it starts after, and the ones running end as they would have.
   */
  register<P>(kind: JobKind<P>): Disposable {
    if (this.#kinds.has(kind.kind)) throw new RangeError(`The job kind ${kind.kind} is registered twice.`);
    const registered = kind as JobKind<unknown>;
    this.#kinds.set(kind.kind, registered);
    // A kind registered once its owner is ready (the recipe runner after the engine is up) is recovered then.
    if (this.#started) this.#recover([kind.kind]);
    return {
      dispose: () => {
        if (this.#kinds.get(kind.kind) === registered) this.#kinds.delete(kind.kind);
      },
    };
  }

  /** Hands back the jobs a crashed life left running, then runs what is due. */
  start(): void {
    if (this.#started || this.#lifetime.isDisposed) return;
    this.#started = true;
    this.#recover([...this.#kinds.keys()]);
  }

  #recover(kinds: readonly string[]): void {
    if (this.#lifetime.isDisposed) return;
    const back = this.store.recover(kinds, this.life, this.#pid, this.#alive, this.#clock.now());
    if (back.length > 0) this.#logger.warn('jobs: handed back after a restart', { jobs: back.length });
    for (const id of back) this.#tell(id);
    this.#pump();
  }

  /**
   * Ends a kind here and stops its running jobs (its owner closes: a library core's downloads): unlike the
   * disposable of register(), its running ones are aborted and handed back to the line untried, and this
   * resolves once they have stopped. The owner's successor registers it again and goes on with the same rows.
   */
  async unregister(kind: string): Promise<void> {
    if (!this.#kinds.delete(kind)) return;
    const ending: Promise<void>[] = [];
    for (const job of this.#running.values()) {
      if (job.kind !== kind) continue;
      job.abort.abort(new JobCancelled('its owner closed'));
      ending.push(job.ended);
    }
    await Promise.all(ending);
  }

  /** Writes a job (or finds the one of the same kind and key) and wakes the line. */
  add(kind: string, key: string, payload: unknown, notBefore?: number): JobRow {
    const now = this.#clock.now();
    const { job, added } = this.store.add(kind, key, payload, now, notBefore ?? now);
    if (added) {
      this.#emit(job);
      this.#soon();
    }
    return job;
  }

  /**
   * Looks at the line in a moment, not within the caller's turn: whoever adds a job finishes what it was doing
   * (a press writing the rest of its rows, a transaction) before any job of it starts.
   */
  #soon(): void {
    if (!this.#started || this.#lifetime.isDisposed) return;
    this.#wake?.dispose();
    this.#wake = this.#lifetime.timer(0, () => {
      this.#wake = null;
      this.#pump();
    });
  }

  /** Stops a job: a waiting one never runs, a running one is aborted (its kind decides what stopping means). */
  cancel(id: string, reason: string | null = null): boolean {
    const cancelled = this.store.cancel(id, this.#clock.now(), reason);
    if (cancelled) {
      this.#running.get(id)?.abort.abort(new JobCancelled(reason));
      this.#tell(id);
    }
    return cancelled;
  }

  /** Sends an ended job back to the line (a person's Try again; a kind whose record says it still goes). */
  revive(id: string): boolean {
    const revived = this.store.revive(id, this.#clock.now());
    if (revived) {
      this.#tell(id);
      this.#pump();
    }
    return revived;
  }

  /**
   * The kind's work is to be done again now (a person's Try again, a renewed link): an ended job goes back to
   * the line, a waiting one comes forward, its tries counted afresh either way. A running one is left running.
   */
  again(id: string): boolean {
    const now = this.#clock.now();
    const moved = this.store.revive(id, now) || this.store.bringForward(id, now);
    if (moved) {
      this.#tell(id);
      this.#soon();
    }
    return moved;
  }

  /** Looks at the line now (a neighbour wrote rows, a kind's turn may have come). */
  poke(): void {
    this.#pump();
  }

  subscribe(listener: (change: JobChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** How many jobs of a kind this runner is running now. */
  runningCount(kind?: string): number {
    let n = 0;
    for (const job of this.#running.values()) if (kind === undefined || job.kind === kind) n++;
    return n;
  }

  /** Resolves once nothing this runner started is running. */
  settled(): Promise<void> {
    return this.#lifetime.settled();
  }

  dispose(): void {
    void this.close();
  }

  /** The one teardown: no job starts after it, running ones are aborted and handed back to the line, untried. */
  async close(): Promise<void> {
    if (!this.#lifetime.isDisposed) {
      for (const job of this.#running.values()) job.abort.abort(new JobCancelled('the runner ended'));
      this.#lifetime.dispose(new JobCancelled('the runner ended'));
    }
    await this.#lifetime.settled();
  }

  #pump(): void {
    if (!this.#started || this.#lifetime.isDisposed) return;
    // Kinds whose select() held due jobs back: their rules, not the time, decide, so only a look again wakes them.
    const held = new Set<string>();
    try {
      this.#take(held);
    } catch (error) {
      // A database that cannot be written now (a full disk) is no job's failure: the next look tries again.
      this.#logger.warn('jobs: the line could not be looked at', { problem: describeThrown(error) });
    }
    this.#arm(held);
  }

  #take(held: Set<string>): void {
    const now = this.#clock.now();
    // A neighbour process killed while it ran a job (kill -9 leaves no word) has it taken over at the next look,
    // not only at this runner's next start: a CLI and the app share one database.
    const taken = this.store.takeOverDead([...this.#kinds.keys()], this.#pid, this.#alive, now);
    if (taken.length > 0)
      this.#logger.warn('jobs: taken over from a process that ended', { jobs: taken.length });
    for (const id of taken) this.#tell(id);
    for (const [name, kind] of this.#kinds) {
      const room = (kind.parallel ?? 1) - this.runningCount(name);
      if (room <= 0) continue;
      for (const row of this.#chosen(kind, now, room, held)) {
        if (!this.store.claim(row.id, this.life, this.#pid, now)) continue;
        this.#run(kind, { ...row, state: 'running' });
      }
    }
  }

  /** The due jobs of a kind that go now: the oldest first, or as its select() rules. */
  #chosen(kind: JobKind<unknown>, now: number, room: number, held: Set<string>): readonly JobRow[] {
    if (!kind.select) return this.store.due(kind.kind, now, room);
    const due = this.store.due(kind.kind, now, SELECT_WINDOW);
    if (due.length === 0) return [];
    let chosen: readonly JobRow[] = [];
    try {
      chosen = kind.select(due, room).slice(0, room);
    } catch (error) {
      // Its rows could not be read (the database closing under it): the look again tries once more.
      this.#logger.warn('jobs: a kind could not choose its jobs', {
        kind: kind.kind,
        problem: describeThrown(error),
      });
    }
    if (chosen.length < Math.min(room, due.length)) held.add(kind.kind);
    return chosen;
  }

  /**
   * One timer: the next due job of a kind with room, never later than a look again while any job waits (a full
   * kind is pumped again when one of its jobs ends; the look again sees rows another process wrote).
   */
  #arm(held: ReadonlySet<string> = new Set()): void {
    this.#wake?.dispose();
    this.#wake = null;
    const withRoom = [...this.#kinds].filter(
      ([name, kind]) => !held.has(name) && this.runningCount(name) < (kind.parallel ?? 1),
    );
    const next = this.store.nextDueAt(withRoom.map(([name]) => name));
    const kinds = [...this.#kinds.keys()];
    const watched = [...this.#kinds]
      .filter(([name, kind]) => kind.lookAgain !== false || held.has(name))
      .map(([name]) => name);
    // A neighbour's running job is looked at again too: taken over should its process end.
    const looking = this.store.nextDueAt(watched) !== null || this.store.heldElsewhere(kinds, this.#pid);
    if (next === null && !looking) return;
    const due = next === null ? Infinity : Math.max(1, next - this.#clock.now());
    const wait = looking ? Math.min(due, this.#lookAgainMs) : due;
    this.#wake = this.#lifetime.timer(wait, () => {
      this.#wake = null;
      this.#pump();
    });
  }

  #run(kind: JobKind<unknown>, row: JobRow): void {
    const abort = new AbortController();
    const signal = this.#lifetime.signalWith(abort.signal);
    let ended: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (ended = resolve));
    this.#running.set(row.id, { kind: kind.kind, abort, ended: settled });
    this.#emit(row);
    const context: JobContext = {
      signal,
      attempts: row.attempts,
      progress: (progress) => {
        if (this.store.setProgress(row.id, this.life, progress, this.#clock.now())) this.#tell(row.id);
      },
    };
    const work = (async () => {
      let payload: unknown;
      try {
        payload = kind.parse(row.payload);
      } catch (error) {
        this.#end(row.id, 'failed', `Its stored work could not be read: ${describeThrown(error)}`);
        return;
      }
      try {
        const answer = await kind.run({ ...row, payload }, context);
        if (answer && typeof answer === 'object') this.#later(row.id, answer.later, answer.note ?? null);
        else this.#end(row.id, 'done', null);
      } catch (error) {
        this.#failed(kind, row, error, signal);
      }
    })();
    void this.#lifetime.track(work, 'job').finally(() => {
      this.#running.delete(row.id);
      ended();
      this.#pump();
    });
  }

  #failed(kind: JobKind<unknown>, row: JobRow, error: unknown, signal: AbortSignal): void {
    const now = this.#clock.now();
    // The sentence a person reads on the job (its row and event); the log gets the whole description.
    const said = error instanceof Error ? error.message : describeThrown(error);
    // Ending the runner (or the kind's owner) is not the job's failure: it waits for the next start, untried.
    if (this.#lifetime.isDisposed || !this.#kinds.has(kind.kind)) {
      if (this.store.release(row.id, this.life, now, false, null, now)) this.#tell(row.id);
      return;
    }
    // Cancelled: the row already says so.
    if (signal.aborted && this.store.get(row.id)?.state !== 'running') return;
    const passing = kind.passing?.(error) ?? false;
    const wait = passing
      ? backoffDelay(row.attempts + 1, kind.policy ?? RETRY_POLICIES.job, this.#random)
      : null;
    if (wait === null) {
      this.#logger.warn('jobs: a job failed', { kind: kind.kind, problem: describeThrown(error) });
      this.#end(row.id, 'failed', said);
      return;
    }
    // The timer of its next try is armed before anyone is told (a test's manual clock sees it at once).
    if (this.store.release(row.id, this.life, now + wait, true, said, now)) {
      this.#arm();
      this.#tell(row.id);
    }
  }

  #later(id: string, at: number, note: string | null): void {
    const now = this.#clock.now();
    if (this.store.release(id, this.life, Math.max(at, now), false, note, now)) {
      this.#arm();
      this.#tell(id);
    }
  }

  #end(id: string, state: 'done' | 'failed', error: string | null): void {
    if (this.store.finish(id, this.life, state, error, this.#clock.now())) this.#tell(id);
  }

  #tell(id: string): void {
    const row = this.store.get(id);
    if (row) this.#emit(row);
  }

  #emit(row: JobRow): void {
    const change = changeOf(row);
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.#logger.warn('jobs: a listener threw', { problem: describeThrown(error) });
      }
    }
  }
}
