// The one store a part ends with: timers, its signal and its work in flight, on the injected clock.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/core/clock';
import { DisposableStore, Lifetime, toDisposable } from '../../electron/core/lifetime';

describe('DisposableStore', () => {
  it('ends everything it holds once, and ends at once what is added after it ended', () => {
    const store = new DisposableStore();
    const ended: string[] = [];
    store.add(toDisposable(() => ended.push('a')));
    const b = store.add(toDisposable(() => ended.push('b')));
    store.forget(b);
    store.dispose();
    store.dispose();
    expect(ended).toEqual(['a']);
    store.add(toDisposable(() => ended.push('late')));
    expect(ended).toEqual(['a', 'late']);
    expect(store.isDisposed).toBe(true);
  });
});

describe('Lifetime', () => {
  it('cancels its timers and aborts its signal when it ends; a timer asked for afterwards never fires', async () => {
    const clock = new ManualClock();
    const life = new Lifetime<'work'>(clock);
    const fired: string[] = [];
    life.timer(1_000, () => fired.push('kept'));
    const cancelled = life.timer(1_000, () => fired.push('cancelled'));
    cancelled.dispose();
    await clock.advance(1_000);
    expect(fired).toEqual(['kept']);
    life.timer(500, () => fired.push('ended'));
    life.dispose(new Error('closed'));
    expect(life.signal.aborted).toBe(true);
    expect((life.signal.reason as Error).message).toBe('closed');
    life.timer(10, () => fired.push('after'));
    await clock.advance(1_000);
    expect(fired).toEqual(['kept']);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('counts work by kind and settles a kind only when its last work (started meanwhile too) is done', async () => {
    const clock = new ManualClock();
    const life = new Lifetime<'poll' | 'send'>(clock);
    let finishPoll = (): void => undefined;
    const poll = life.track(new Promise<void>((r) => (finishPoll = r)), 'poll');
    const send = life.track(clock.sleep(100), 'send');
    expect(life.count()).toBe(2);
    expect(life.count(['poll'])).toBe(1);
    let sendsSettled = false;
    let pollsSettled = false;
    void life.settled(['send']).then(() => (sendsSettled = true));
    void life.settled(['poll']).then(() => (pollsSettled = true));
    await clock.advance(100);
    await send;
    expect(sendsSettled).toBe(true);
    expect(pollsSettled).toBe(false);
    // A second poll started before the first ends keeps the kind busy.
    let finishSecond = (): void => undefined;
    void life.track(new Promise<void>((r) => (finishSecond = r)), 'poll');
    finishPoll();
    await poll;
    await clock.advance(0);
    expect(pollsSettled).toBe(false);
    finishSecond();
    await life.settled(['poll']);
    expect(pollsSettled).toBe(true);
    expect(life.count()).toBe(0);
  });

  it('lets go of work that fails, and joins a caller signal with its own', async () => {
    const life = new Lifetime<'work'>(new ManualClock());
    await expect(life.track(Promise.reject(new Error('no')), 'work')).rejects.toThrow('no');
    await life.settled();
    expect(life.count()).toBe(0);
    const caller = new AbortController();
    const joined = life.signalWith(caller.signal);
    caller.abort(new Error('user'));
    expect(joined.aborted).toBe(true);
    expect(life.signal.aborted).toBe(false);
  });

  it('aborts every signal it handed out when it ends, with its reason, and hands out aborted ones after', () => {
    const life = new Lifetime<'work'>(new ManualClock());
    const own = life.signalWith();
    const joined = life.signalWith(new AbortController().signal);
    const reason = new Error('closed');
    life.dispose(reason);
    expect([own.aborted, joined.aborted, own.reason, joined.reason]).toEqual([true, true, reason, reason]);
    expect(life.signalWith().reason).toBe(reason);
  });
});
