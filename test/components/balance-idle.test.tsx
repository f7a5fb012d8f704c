// The balances are read when the shell opens, when an event says money moved and when the window is focused
// again, never on a timer: a studio left open all day with nothing running asks its gateway nothing.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceQueryOptions, userBalanceQueryOptions } from '../../renderer/lib/api/balance';

afterEach(() => {
  vi.useRealTimers();
});

describe('balance queries at rest', () => {
  it.each([
    ['the key', balanceQueryOptions],
    ['the account', userBalanceQueryOptions],
  ])("asks %s's balance once and not again while nothing happens", async (_, options) => {
    vi.useFakeTimers();
    const client = new QueryClient();
    // What the balance says does not matter here, only how often it is asked.
    const queryFn = vi.fn(() => Promise.resolve(undefined as never));
    const { queryKey, refetchInterval } = options();
    // Only the timing options are the product's; what is asked is a counter.
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn,
      refetchInterval: refetchInterval as number | false | undefined,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
    client.clear();
  });
});
