// The host's small pure parts: the request budget from settings, the event stream's back-pressure, library
// paths for media URLs, and the scrubbing that keeps keys out of errors.
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BridgeError, toErrorInfo } from '../../shared/bridge/errors';
import { GatewayError } from '../../shared/gateway/gateway-error';
import { eventStream } from '../../electron/host/event-stream';
import { toBridgeItem } from '../../electron/host/library-view';
import { scrubbedHandlers, scrubError } from '../../electron/host/scrub-secrets';
import { budgetFor } from '../../electron/host/core-lifecycle';
import type { LibraryItem } from '../../shared/studio/records';

describe('budgetFor', () => {
  it('turns requests per second into the engine window, fractions into a longer window', () => {
    expect(budgetFor(5)).toEqual({ requests: 5, perMs: 1000 });
    expect(budgetFor(2.4)).toEqual({ requests: 2, perMs: 1000 });
    expect(budgetFor(0.5)).toEqual({ requests: 1, perMs: 2000 });
    expect(budgetFor(0.1)).toEqual({ requests: 1, perMs: 10000 });
  });
});

describe('eventStream', () => {
  type E = { type: 'task' | 'download'; n: number };
  const holder = () => ({
    emit: (_e: E): void => {
      throw new Error('not subscribed yet');
    },
  });

  it('delivers events in order and unsubscribes when the signal aborts', async () => {
    const sink = holder();
    let subscribed = 0;
    const controller = new AbortController();
    const stream = eventStream<E>((l) => {
      sink.emit = l;
      subscribed += 1;
      return () => (subscribed -= 1);
    }, controller.signal);
    const first = stream.next();
    sink.emit({ type: 'task', n: 1 });
    sink.emit({ type: 'task', n: 2 });
    expect((await first).value).toEqual({ type: 'task', n: 1 });
    expect((await stream.next()).value).toEqual({ type: 'task', n: 2 });
    const pending = stream.next();
    controller.abort();
    expect((await pending).done).toBe(true);
    expect(subscribed).toBe(0);
  });

  it('drops the oldest droppable events first when a subscriber falls behind', async () => {
    const sink = holder();
    const controller = new AbortController();
    const stream = eventStream<E>((l) => ((sink.emit = l), () => undefined), controller.signal, {
      limit: 3,
      droppable: (e) => e.type === 'download',
    });
    const first = stream.next();
    sink.emit({ type: 'task', n: 0 });
    await first;
    for (const [type, n] of [
      ['download', 1],
      ['task', 2],
      ['download', 3],
      ['task', 4],
    ] as const)
      sink.emit({ type, n });
    const got: number[] = [];
    for (let i = 0; i < 3; i++) got.push(((await stream.next()).value as E).n);
    expect(got).toEqual([2, 3, 4]);
    controller.abort();
  });
});

describe('toBridgeItem', () => {
  const lib = join(sep, 'data', 'library');
  const base = {
    path: join(lib, '2026-11-21', 'a.png'),
    thumbnailPath: join(lib, '2026-11-21', '.thumbs', 'a.webp'),
  } as LibraryItem;

  it('adds /-separated paths relative to the library folder', () => {
    expect(toBridgeItem(base, lib)).toMatchObject({
      relativePath: '2026-11-21/a.png',
      thumbnailRelativePath: '2026-11-21/.thumbs/a.webp',
    });
  });

  it('gives no media path to a file outside the folder', () => {
    const outside = toBridgeItem({ ...base, path: join(sep, 'etc', 'passwd'), thumbnailPath: null }, lib);
    expect(outside.relativePath).toBe('');
    expect(outside.thumbnailRelativePath).toBeNull();
  });
});

describe('secret scrubbing', () => {
  const KEY = 'sk-live-abcdef123456';

  it('removes the key from a gateway error and keeps everything else', () => {
    const error = new GatewayError({
      httpStatus: 401,
      type: 'authentication_error',
      code: 'invalid_key',
      message: `Invalid key ${KEY}`,
      param: null,
      retryable: false,
      retryAfterMs: null,
    });
    const clean = scrubError(error, [KEY]);
    expect(clean).toBeInstanceOf(BridgeError);
    expect(toErrorInfo(clean)).toMatchObject({
      httpStatus: 401,
      type: 'authentication_error',
      message: 'Invalid key [redacted]',
    });
  });

  it('wraps every handler of the composed tree once: namespaces, top-level procedures and streams', async () => {
    const handlers = scrubbedHandlers(
      {
        ns: {
          fail: async () => {
            throw new Error(`boom with ${KEY}`);
          },
          ok: async () => 'fine',
        },
        async *events(_signal: AbortSignal) {
          yield 1;
          throw new Error(`stream broke with ${KEY}`);
        },
      },
      () => [KEY],
    );
    expect(await handlers.ns.ok()).toBe('fine');
    await expect(handlers.ns.fail()).rejects.toThrow('boom with [redacted]');
    const seen: number[] = [];
    await expect(async () => {
      for await (const n of handlers.events(new AbortController().signal)) seen.push(n);
    }).rejects.toThrow('stream broke with [redacted]');
    expect(seen).toEqual([1]);
  });
});
