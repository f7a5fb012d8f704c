// The bridge over IPC, end to end through trpc-electron's real handler with `electron` faked: a message from our
// window's main frame is answered; one from anywhere else gets FORBIDDEN and never reaches a handler.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { fixtureHandlers } from '../bridge/fixture-handlers';
import { fakeElectron } from './electron-fake';
import { fetchFirstScreen } from '../../renderer/lib/first-screen';
import { DEFAULT_SETTINGS } from '../../shared/bridge/session-schemas';

vi.mock('electron', async () => (await import('./electron-fake')).fakeElectron());

const RENDERER = 'file:///opt/studio/out/renderer/index.html';
const fake = fakeElectron();
let statusCalls = 0;

interface Reply {
  id: number;
  result?: { type: string; data?: unknown };
  error?: { message: string; data: { code: string; error: { type: string } } };
}

/** Our window's main frame, as trpc-electron's handler sees the sender of a message. */
function eventFrom(
  options: { senderId?: number; url?: string; parent?: unknown },
  reply: (response: Reply) => void,
) {
  return {
    sender: { id: options.senderId ?? 7, isDestroyed: () => false },
    senderFrame: { url: options.url ?? `${RENDERER}#/library`, parent: options.parent ?? null, routingId: 1 },
    reply: (_channel: string, response: Reply) => reply(response),
  };
}

function message(options: { senderId?: number; url?: string; parent?: unknown }, id: number): Promise<Reply> {
  return new Promise((resolve) => {
    fake.ipcMain.emit('trpc-electron', eventFrom(options, resolve), {
      method: 'request',
      operation: { id, type: 'query', path: 'session.status', input: undefined, context: {} },
    });
  });
}

beforeAll(async () => {
  const { attachIpcBridge } = await import('../../electron/platform/ipc-bridge');
  const base = fixtureHandlers();
  const handlers = fixtureHandlers({
    session: {
      ...base.session,
      status: async () => {
        statusCalls += 1;
        return base.session.status();
      },
    },
  });
  const win = { webContents: { id: 7, on: vi.fn() }, isDestroyed: () => false } as unknown as BrowserWindow;
  attachIpcBridge({ window: win, handlers, rendererUrl: RENDERER, onRefused: () => undefined });
});

describe('IPC bridge', () => {
  it('answers our window main frame', async () => {
    const reply = await message({}, 1);
    expect(reply.result?.data).toMatchObject({ mode: 'live', hasKey: true });
    expect(statusCalls).toBe(1);
  });

  it("carries the first screen's plain request (string ids, no tRPC client) to the router and back", async () => {
    // The preload's channel as the renderer sees it: each message goes to main as the window's main frame, and
    // main's replies come back to every listener, as trpc-electron's exposeElectronTRPC passes them.
    const listeners: ((message: unknown) => void)[] = [];
    const electronTRPC = {
      onMessage: (listener: (message: unknown) => void) => listeners.push(listener),
      sendMessage: (sent: unknown) =>
        fake.ipcMain.emit(
          'trpc-electron',
          eventFrom({}, (reply) => listeners.forEach((listener) => listener(reply))),
          sent,
        ),
    };
    const first = await fetchFirstScreen({ electronTRPC });
    expect(first.session).toMatchObject({ mode: 'live', hasKey: true });
    expect(first.settings).toEqual(DEFAULT_SETTINGS);
  });

  it.each([
    ['another web contents', { senderId: 8 }],
    ['a subframe', { parent: { url: RENDERER } }],
    ['a page we were navigated to', { url: 'https://evil.example/index.html' }],
    ['another file', { url: 'file:///tmp/evil.html' }],
  ])('refuses %s with FORBIDDEN before any handler runs', async (_name, options) => {
    const before = statusCalls;
    const reply = await message(options, 2);
    expect(reply.error?.data.code).toBe('FORBIDDEN');
    expect(reply.error?.data.error.type).toBe('permission_error');
    expect(statusCalls).toBe(before);
  });

  it('gives a destroyed sender frame no handlers (trpc-electron itself drops such messages earlier)', async () => {
    const { bridgeContextFor } = await import('../../electron/platform/ipc-bridge');
    const refused: string[] = [];
    const ctx = bridgeContextFor(
      { sender: { id: 7 }, senderFrame: null },
      {
        handlers: fixtureHandlers(),
        rendererUrl: RENDERER,
        webContentsId: 7,
        onRefused: (m) => refused.push(m),
      },
    );
    expect(ctx.handlers).toBeNull();
    expect(refused[0]).toContain('destroyed frame');
  });
});
