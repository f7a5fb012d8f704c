// Notifications, window lock-down, permissions, CSP and window state, with `electron` faked.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Rectangle, Session, WebContents } from 'electron';
import type { StudioEvent, TaskRecord } from '../../shared/studio/records';
import { sampleTask } from '../bridge/fixture-handlers';
import { fakeElectron } from './electron-fake';

vi.mock('electron', async () => (await import('./electron-fake')).fakeElectron());

const RENDERER = 'file:///opt/studio/out/renderer/index.html';

describe('task notifications', () => {
  function setup(startedAt = 1_000) {
    const listeners = new Set<(e: StudioEvent) => void>();
    const fake = fakeElectron();
    fake.shown.length = 0;
    return {
      fake,
      emit: (task: Partial<TaskRecord>) => {
        for (const l of listeners) l({ type: 'task', task: { ...sampleTask, updatedAt: 2_000, ...task } });
      },
      start: async (language: 'en' | 'zh-CN' = 'en') => {
        const { startTaskNotifier } = await import('../../electron/platform/task-notifier');
        const { electronNotificationSink } = await import('../../electron/platform/electron-notifications');
        return startTaskNotifier({
          subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
          sink: electronNotificationSink(),
          language: () => language,
          startedAt,
        });
      },
    };
  }

  it('announces completion and failure once per transition, with the prompt or the error', async () => {
    const t = setup();
    await t.start();
    t.emit({ id: 'a', state: 'processing' });
    t.emit({ id: 'a', state: 'completed', params: { prompt: 'a red fox' } });
    t.emit({ id: 'a', state: 'completed', params: { prompt: 'a red fox' } });
    t.emit({ id: 'b', state: 'processing' });
    t.emit({
      id: 'b',
      state: 'failed',
      error: {
        httpStatus: null,
        type: 'task_failed',
        code: 'x',
        message: 'The model refused.',
        param: null,
        retryable: false,
        retryAfterMs: null,
      },
    });
    expect(t.fake.shown).toEqual([
      { title: 'Generation finished', body: 'a red fox' },
      { title: 'Generation failed', body: 'The model refused.' },
    ]);
  });

  it('announces a completed task only once its files are saved, and never as a success when one is missing', async () => {
    const t = setup();
    await t.start();
    const saving = { total: 1, done: 0, failed: 0, expired: 0, missing: [], deleted: 0 };
    t.emit({ id: 'c', state: 'completed', params: { prompt: 'a lighthouse' }, downloads: saving });
    expect(t.fake.shown).toHaveLength(0);
    const missing = [
      { ordinal: 0, kind: 'image' as const, reason: 'lost' as const, detail: null, retryAt: null },
    ];
    t.emit({
      id: 'c',
      state: 'completed',
      params: { prompt: 'a lighthouse' },
      downloads: { ...saving, expired: 1, missing },
    });
    expect(t.fake.shown).toEqual([
      {
        title: 'Generation finished, files missing',
        body: '1 of 1 files did not arrive (a lighthouse). Open Tasks to see why and try again.',
      },
    ]);
  });

  it('does not replay tasks that finished before this run, and speaks the chosen language', async () => {
    const t = setup(5_000);
    await t.start('zh-CN');
    t.emit({ id: 'old', state: 'completed', updatedAt: 4_000 });
    expect(t.fake.shown).toHaveLength(0);
    t.emit({ id: 'new', state: 'completed', updatedAt: 6_000 });
    expect(t.fake.shown[0]?.title).toBe('生成完成');
  });

  it('stays quiet where the OS has no notifications, and stops when unsubscribed', async () => {
    const t = setup();
    t.fake.Notification.isSupported.mockReturnValueOnce(false);
    const stop = await t.start();
    t.emit({ id: 'x', state: 'completed' });
    stop();
    t.emit({ id: 'y', state: 'completed' });
    expect(t.fake.shown).toHaveLength(0);
  });
});

describe('window lock-down', () => {
  function fakeContents() {
    const contents = new EventEmitter() as EventEmitter & { setWindowOpenHandler: ReturnType<typeof vi.fn> };
    contents.setWindowOpenHandler = vi.fn();
    return contents;
  }
  const prevented = (contents: EventEmitter, name: string, ...args: unknown[]): boolean => {
    const event = { preventDefault: vi.fn() };
    contents.emit(name, event, ...args);
    return event.preventDefault.mock.calls.length > 0;
  };

  it('denies navigation away from the renderer, webviews and every new window', async () => {
    const { hardenWebContents } = await import('../../electron/platform/window-security');
    const contents = fakeContents();
    hardenWebContents(contents as unknown as WebContents, RENDERER);
    expect(prevented(contents, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(prevented(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(prevented(contents, 'will-navigate', `${RENDERER}#/tasks`)).toBe(false);
    expect(prevented(contents, 'will-redirect', 'https://evil.example/')).toBe(true);
    expect(prevented(contents, 'will-attach-webview', {}, {})).toBe(true);
    const openHandler = contents.setWindowOpenHandler.mock.calls[0]?.[0] as (d: { url: string }) => {
      action: string;
    };
    expect(openHandler({ url: 'https://example.com' })).toEqual({ action: 'deny' });
  });

  it('grants only clipboard writes and full screen, only to the renderer; adds the CSP header to documents', async () => {
    const { hardenSession } = await import('../../electron/platform/window-security');
    let request:
      ((c: unknown, p: string, cb: (ok: boolean) => void, d: { requestingUrl?: string }) => void) | undefined;
    let check:
      ((c: unknown, p: string, origin: string, d: { requestingUrl?: string }) => boolean) | undefined;
    let headers:
      | ((
          d: { resourceType: string; responseHeaders?: Record<string, string[]> },
          cb: (r: { responseHeaders: Record<string, string[]> }) => void,
        ) => void)
      | undefined;
    const session = {
      setPermissionRequestHandler: (h: typeof request) => (request = h),
      setPermissionCheckHandler: (h: typeof check) => (check = h),
      webRequest: { onHeadersReceived: (h: typeof headers) => (headers = h) },
    };
    hardenSession(session as unknown as Session, RENDERER);
    const decide = (permission: string, url: string): boolean => {
      let granted = false;
      request?.({ getURL: () => url }, permission, (ok) => (granted = ok), { requestingUrl: url });
      return granted;
    };
    expect(decide('clipboard-sanitized-write', RENDERER)).toBe(true);
    expect(decide('fullscreen', RENDERER)).toBe(true);
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'hid']) {
      expect(decide(p, RENDERER)).toBe(false);
    }
    expect(decide('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(check?.({}, 'media', 'file://', { requestingUrl: RENDERER })).toBe(false);

    let out: Record<string, string[]> = {};
    headers?.({ resourceType: 'mainFrame', responseHeaders: {} }, (r) => (out = r.responseHeaders));
    const csp = out['Content-Security-Policy']?.[0] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('studio-media:');
    expect(csp).toContain("object-src 'none'");
    headers?.({ resourceType: 'image', responseHeaders: {} }, (r) => (out = r.responseHeaders));
    expect(out['Content-Security-Policy']).toBeUndefined();
  });

  it('builds the window with isolation, sandbox and no Node or webviews', async () => {
    const { createMainWindow } = await import('../../electron/platform/main-window');
    const fake = fakeElectron();
    createMainWindow({
      preloadPath: '/p.cjs',
      bounds: { width: 1000, height: 700, maximized: true },
      title: 'Studio',
    });
    const made = fake.windows.at(-1);
    expect(made?.maximized).toBe(true);
    expect(made?.options).toMatchObject({ width: 1000, height: 700, show: false });
    expect(made?.options.webPreferences).toMatchObject({
      preload: '/p.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });
});

describe('window state', () => {
  const screen: Rectangle[] = [{ x: 0, y: 0, width: 1920, height: 1080 }];

  it('restores a saved window that is still on a display, and centres one that is not', async () => {
    const { initialBounds } = await import('../../electron/platform/window-state');
    expect(initialBounds({ x: 100, y: 50, width: 1200, height: 800, maximized: true }, screen)).toEqual({
      x: 100,
      y: 50,
      width: 1200,
      height: 800,
      maximized: true,
    });
    // The second monitor it was on is gone.
    expect(initialBounds({ x: 2500, y: 0, width: 1200, height: 800 }, screen)).toEqual({
      width: 1200,
      height: 800,
      maximized: false,
    });
    expect(initialBounds({ x: 'a' }, screen)).toEqual({ width: 1280, height: 820, maximized: false });
  });

  it('saves bounds after moves settle and on close', async () => {
    vi.useFakeTimers();
    try {
      const { trackWindowState, WINDOW_FIELD } = await import('../../electron/platform/window-state');
      const data = new Map<string, unknown>();
      const win = Object.assign(new EventEmitter(), {
        getNormalBounds: () => ({ x: 10, y: 20, width: 1000, height: 700 }),
        isMaximized: () => false,
        isDestroyed: () => false,
      });
      trackWindowState(
        win as never,
        { get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) },
        500,
      );
      win.emit('move');
      win.emit('resize');
      expect(data.has(WINDOW_FIELD)).toBe(false);
      vi.advanceTimersByTime(500);
      expect(data.get(WINDOW_FIELD)).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: false });
      data.clear();
      win.emit('close');
      expect(data.get(WINDOW_FIELD)).toMatchObject({ width: 1000 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('menus', () => {
  it('uses the platform roles (and their accelerators) and wires the library folder item', async () => {
    const { appMenuTemplate } = await import('../../electron/platform/app-menu');
    const { notificationText } = await import('../../electron/platform/notification-text');
    const open = vi.fn();
    const mac = appMenuTemplate('darwin', notificationText('en'), { openLibraryFolder: open }, false);
    expect(mac[0]).toEqual({ role: 'appMenu' });
    const linux = appMenuTemplate('linux', notificationText('en'), { openLibraryFolder: open }, false);
    const roles = JSON.stringify(linux);
    for (const role of ['editMenu', 'windowMenu', 'quit', 'reload', 'togglefullscreen', 'zoomIn'])
      expect(roles).toContain(role);
    expect(roles).not.toContain('toggleDevTools');
    const file = linux[0]?.submenu as { label?: string; accelerator?: string; click?: () => void }[];
    expect(file[0]?.accelerator).toBe('CmdOrCtrl+Shift+L');
    file[0]?.click?.();
    expect(open).toHaveBeenCalled();
  });
});
