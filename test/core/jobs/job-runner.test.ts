// The one durable job mechanism on a real database and the manual clock: the row is written before the work, the
// state machine and its tries follow the one job policy, every wait is the clock's, a cancel and the teardown stop
// work without counting a try, and recovery after a crash runs each job exactly once whoever starts first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db';
import { JobRunner, type JobChange, type JobKind } from '../../../electron/core/jobs';
import { RETRY_POLICIES, backoffDelay } from '../../../electron/core/retry';
import { openStudioDatabase } from '../../../electron/core/studio-database';

let dir: string;
let db: DatabaseSync;
let clock: ManualClock;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jobs-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  clock = new ManualClock();
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

class Passing extends Error {}

/** A kind whose run is the test's own function. */
function kindOf(run: JobKind<{ n: number }>['run'], extra: Partial<JobKind<{ n: number }>> = {}) {
  return {
    kind: 'test',
    parse: (payload: unknown) => {
      const n = (payload as { n?: unknown } | null)?.n;
      if (typeof n !== 'number') throw new TypeError('no n');
      return { n };
    },
    run,
    passing: (error: unknown) => error instanceof Passing,
    ...extra,
  } satisfies JobKind<{ n: number }>;
}

/** A runner as one process would start it (pid chosen by the test, so two runners are two processes). */
function runnerOf(pid: number, alive: (pid: number) => boolean = () => false): JobRunner {
  return new JobRunner({ db, clock, pid, alive, random: () => 0.5 });
}

describe('one durable job', () => {
  it('is written waiting before its work starts, runs once, and ends done with its progress told', async () => {
    const runner = runnerOf(1);
    const changes: JobChange[] = [];
    runner.subscribe((change) => changes.push(change));
    const seen: string[] = [];
    runner.register(
      kindOf(async (job, context) => {
        seen.push(runner.store.get(job.id)?.state ?? 'missing');
        context.progress({ step: 1 });
        return undefined;
      }),
    );
    const job = runner.add('test', 'a', { n: 1 });
    expect(runner.store.get(job.id)?.state).toBe('waiting');
    expect(runner.add('test', 'a', { n: 2 }).id).toBe(job.id);
    runner.start();
    await clock.advance(0);
    await runner.settled();
    expect(seen).toEqual(['running']);
    expect(runner.store.get(job.id)).toMatchObject({ state: 'done', attempts: 0, progress: { step: 1 } });
    expect(changes.map((c) => c.state)).toEqual(['waiting', 'running', 'running', 'done']);
    expect(changes[2]?.progress).toEqual({ step: 1 });
    // An ended job sent back to the line (a kind's record says it still goes) runs again, once.
    expect(runner.revive(job.id)).toBe(true);
    await clock.advance(0);
    await runner.settled();
    expect(seen).toEqual(['running', 'running']);
    await runner.close();
  });

  it('is tried as often as the job policy says on a passing failure, each wait on the clock', async () => {
    const runner = runnerOf(1);
    let tries = 0;
    runner.register(
      kindOf(() => {
        tries++;
        return Promise.reject(new Passing('HTTP 503'));
      }),
    );
    const job = runner.add('test', 'b', { n: 1 });
    runner.start();
    const policy = RETRY_POLICIES.job;
    for (let attempt = 1; attempt < policy.attempts; attempt++) {
      await clock.advance(0);
      expect(tries).toBe(attempt);
      const row = runner.store.get(job.id);
      expect(row).toMatchObject({ state: 'waiting', attempts: attempt, error: 'HTTP 503' });
      // The next try waits out the policy's step, and no sooner.
      const wait = backoffDelay(attempt, policy, () => 0.5) ?? 0;
      expect(row?.nextTryAt).toBe(clock.now() + wait);
      await clock.advance(wait - 1);
      expect(tries).toBe(attempt);
      await clock.advance(1);
    }
    await clock.advance(0);
    expect(tries).toBe(policy.attempts);
    expect(runner.store.get(job.id)).toMatchObject({ state: 'failed', error: 'HTTP 503' });
    await clock.advance(policy.maxDelayMs * 10);
    expect(tries).toBe(policy.attempts);
    await runner.close();
  });

  it('fails at once on a final failure, and a payload it cannot read fails without running', async () => {
    const runner = runnerOf(1);
    let tries = 0;
    runner.register(
      kindOf(() => {
        tries++;
        return Promise.reject(new Error('refused'));
      }),
    );
    const refused = runner.add('test', 'c', { n: 1 });
    const garbled = runner.add('test', 'd', { n: 'x' });
    runner.start();
    await clock.advance(0);
    await runner.settled();
    expect(runner.store.get(refused.id)).toMatchObject({ state: 'failed', attempts: 0, error: 'refused' });
    expect(runner.store.get(garbled.id)?.state).toBe('failed');
    expect(tries).toBe(1);
    await runner.close();
  });

  it('waits without a try counted when its turn has not come, and a cancel stops it', async () => {
    const runner = runnerOf(1);
    let tries = 0;
    runner.register(
      kindOf(async (_job, context) => {
        tries++;
        if (tries < 3) return { later: clock.now() + 5_000, note: 'not its turn' };
        await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
        throw context.signal.reason;
      }),
    );
    const job = runner.add('test', 'e', { n: 1 });
    runner.start();
    await clock.advance(0);
    expect(runner.store.get(job.id)).toMatchObject({ state: 'waiting', attempts: 0, error: 'not its turn' });
    await clock.advance(10_000);
    expect(tries).toBe(3);
    expect(runner.cancel(job.id, 'by a person')).toBe(true);
    await runner.settled();
    expect(runner.store.get(job.id)).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(runner.revive(job.id)).toBe(true);
    await clock.advance(0);
    expect(tries).toBe(4);
    await runner.close();
  });
});

describe('a restart', () => {
  it('hands a crashed life’s job back once: two starts on one database run it exactly once', async () => {
    const crashed = runnerOf(100);
    crashed.register(kindOf(() => new Promise<undefined>(() => undefined)));
    const job = crashed.add('test', 'f', { n: 1 });
    crashed.start();
    await clock.advance(0);
    expect(crashed.store.get(job.id)?.state).toBe('running');
    // The crashed process is gone; the two that start next are alive to each other.
    const alive = (pid: number) => pid === 200 || pid === 300;
    let runs = 0;
    const kind = kindOf(() => {
      runs++;
      return Promise.resolve(undefined);
    });
    const [b, c] = [runnerOf(200, alive), runnerOf(300, alive)];
    b.register(kind);
    c.register(kind);
    b.start();
    c.start();
    await clock.advance(0);
    await Promise.all([b.settled(), c.settled()]);
    expect(runs).toBe(1);
    expect(b.store.get(job.id)).toMatchObject({ state: 'done', attempts: 0 });
    await Promise.all([b.close(), c.close()]);
  });

  it('leaves a live neighbour’s running job alone', async () => {
    const neighbour = runnerOf(100);
    neighbour.register(kindOf(() => new Promise<undefined>(() => undefined)));
    const job = neighbour.add('test', 'g', { n: 1 });
    neighbour.start();
    await clock.advance(0);
    let runs = 0;
    const next = runnerOf(200, (pid) => pid === 100);
    next.register(
      kindOf(() => {
        runs++;
        return Promise.resolve(undefined);
      }),
    );
    next.start();
    await clock.advance(10_000);
    expect(runs).toBe(0);
    expect(next.store.get(job.id)?.state).toBe('running');
    await next.close();
  });

  it('the teardown aborts a running job and hands it back untried; the next life finishes it', async () => {
    const first = runnerOf(100);
    first.register(
      kindOf(async (_job, context) => {
        await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
        throw context.signal.reason;
      }),
    );
    const job = first.add('test', 'h', { n: 1 });
    first.start();
    await clock.advance(0);
    await first.close();
    expect(first.store.get(job.id)).toMatchObject({ state: 'waiting', attempts: 0 });
    first.add('test', 'i', { n: 1 });
    expect(clock.pendingTimers()).toBe(0);
    const second = runnerOf(100);
    second.register(kindOf(() => Promise.resolve(undefined)));
    second.start();
    await clock.advance(0);
    await second.settled();
    expect(second.store.get(job.id)?.state).toBe('done');
    await second.close();
  });

  it('takes a neighbour’s running job over at the next look once its process is gone, not at the next start', async () => {
    const neighbour = runnerOf(100);
    neighbour.register(kindOf(() => new Promise<undefined>(() => undefined)));
    const job = neighbour.add('test', 'j', { n: 1 });
    neighbour.start();
    await clock.advance(0);
    let neighbourAlive = true;
    let runs = 0;
    const next = runnerOf(200, (pid) => pid === 100 && neighbourAlive);
    next.register(
      kindOf(() => {
        runs++;
        return Promise.resolve(undefined);
      }),
    );
    next.start();
    await clock.advance(10_000);
    expect(runs).toBe(0);
    // kill -9: no word from the neighbour, its row still says running.
    neighbourAlive = false;
    await clock.advance(2_000);
    await next.settled();
    expect(runs).toBe(1);
    expect(next.store.get(job.id)).toMatchObject({ state: 'done', attempts: 0 });
    await next.close();
  });

  it('unregister aborts the kind’s running jobs and hands them back untried; again brings a waiting one forward', async () => {
    const runner = runnerOf(100);
    runner.register(
      kindOf(async (_job, context) => {
        await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
        throw context.signal.reason;
      }),
    );
    const job = runner.add('test', 'k', { n: 1 });
    runner.start();
    await clock.advance(0);
    expect(runner.runningCount('test')).toBe(1);
    await runner.unregister('test');
    expect(runner.runningCount('test')).toBe(0);
    expect(runner.store.get(job.id)).toMatchObject({ state: 'waiting', attempts: 0 });
    // Its successor registers it again and finishes it; a later job waiting an hour is asked for now.
    let runs = 0;
    runner.register(
      kindOf(() => {
        runs++;
        return Promise.resolve(undefined);
      }),
    );
    const later = runner.add('test', 'l', { n: 2 }, clock.now() + 3_600_000);
    await clock.advance(0);
    await runner.settled();
    expect(runs).toBe(1);
    expect(runner.again(later.id)).toBe(true);
    await clock.advance(0);
    await runner.settled();
    expect(runs).toBe(2);
    expect(runner.store.get(later.id)?.state).toBe('done');
    await runner.close();
  });
});
