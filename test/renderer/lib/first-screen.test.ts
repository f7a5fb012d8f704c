// The first screen's plain request, over both transports, read as the tRPC client would read it: answers become
// the session and settings, a refusal becomes the error bridge-error.ts reads like any other bridge failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorInfoOf } from '../../../renderer/lib/bridge-error';
import { fetchFirstScreen } from '../../../renderer/lib/first-screen';
import { DEFAULT_SETTINGS } from '../../../shared/bridge/session-schemas';
import { localErrorInfo } from '../../../shared/gateway/error-types';

const session = { mode: 'unconfigured', demoAvailable: true };
const refusal = localErrorInfo('internal_error', 'the settings file is unreadable');

/** A preload's channel whose main answers each request, as trpc-electron's handler does, by the request's id. */
function fakeIpc(answer: (path: string) => object) {
  const listeners: ((message: unknown) => void)[] = [];
  const sent: unknown[] = [];
  const electronTRPC = {
    onMessage: (listener: (message: unknown) => void) => listeners.push(listener),
    sendMessage: (message: { operation: { id: string; path: string } }) => {
      sent.push(message);
      // Another caller's answer on the same channel comes first: never taken for ours.
      queueMicrotask(() =>
        listeners.forEach((l) => l({ id: 7, result: { type: 'data', data: 'not ours' } })),
      );
      queueMicrotask(() =>
        listeners.forEach((l) => l({ id: message.operation.id, ...answer(message.operation.path) })),
      );
    },
  };
  return { global: { electronTRPC }, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the first screen's request", () => {
  it('over IPC: one request message per procedure, answers matched by id', async () => {
    const ipc = fakeIpc((path) => ({
      result: { type: 'data', data: path === 'session.status' ? session : DEFAULT_SETTINGS },
    }));
    await expect(fetchFirstScreen(ipc.global)).resolves.toEqual({ session, settings: DEFAULT_SETTINGS });
    expect(ipc.sent).toEqual([
      expect.objectContaining({
        method: 'request',
        operation: expect.objectContaining({ path: 'session.status', type: 'query' }),
      }),
      expect.objectContaining({
        method: 'request',
        operation: expect.objectContaining({ path: 'settings.get', type: 'query' }),
      }),
    ]);
  });

  it("over IPC: main's refusal is read like any failed bridge call", async () => {
    const ipc = fakeIpc((path) =>
      path === 'settings.get'
        ? {
            error: {
              code: -32603,
              message: refusal.message,
              data: { code: 'INTERNAL_SERVER_ERROR', error: refusal },
            },
          }
        : { result: { type: 'data', data: session } },
    );
    const failure: unknown = await fetchFirstScreen(ipc.global).catch((error: unknown) => error);
    expect(errorInfoOf(failure)).toEqual(refusal);
  });

  it("in web mode: tRPC's batched GET for both, and a studio that is gone reads as unreachable", async () => {
    const fetch = vi.fn(async (_url: string) =>
      Response.json([{ result: { data: session } }, { result: { data: DEFAULT_SETTINGS } }]),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(fetchFirstScreen({})).resolves.toEqual({ session, settings: DEFAULT_SETTINGS });
    expect(fetch.mock.calls[0]?.[0]).toBe('/trpc/session.status,settings.get?batch=1&input=%7B%7D');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const failure: unknown = await fetchFirstScreen({}).catch((error: unknown) => error);
    expect(errorInfoOf(failure)).toMatchObject({ type: 'bridge_unreachable', message: 'Failed to fetch' });
  });
});
