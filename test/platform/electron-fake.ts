// One fake `electron` module for the platform tests. Our own files see it through vi.mock('electron'); third
// party code that Node loads directly (trpc-electron) sees the same object through a module resolution hook,
// because vi.mock does not reach modules vitest leaves to Node.
import { EventEmitter } from 'node:events';
import { registerHooks } from 'node:module';
import { vi } from 'vitest';

export interface FakeElectron {
  ipcMain: EventEmitter;
  ipcRenderer: { send: ReturnType<typeof vi.fn>; on: ReturnType<typeof vi.fn> };
  contextBridge: { exposeInMainWorld: ReturnType<typeof vi.fn> };
  Notification: { isSupported: ReturnType<typeof vi.fn> } & (new (options: {
    title: string;
    body: string;
  }) => { show(): void });
  BrowserWindow: new (options: Record<string, unknown>) => EventEmitter;
  windows: { options: Record<string, unknown>; maximized: boolean }[];
  shown: { title: string; body: string }[];
}

const GLOBAL_KEY = '__studioFakeElectron';

export function fakeElectron(): FakeElectron {
  const existing = (globalThis as Record<string, unknown>)[GLOBAL_KEY] as FakeElectron | undefined;
  if (existing) return existing;
  const shown: { title: string; body: string }[] = [];
  class FakeNotification {
    static isSupported = vi.fn(() => true);
    constructor(private readonly options: { title: string; body: string }) {}
    show(): void {
      shown.push({ title: this.options.title, body: this.options.body });
    }
  }
  const windows: FakeElectron['windows'] = [];
  class FakeBrowserWindow extends EventEmitter {
    private readonly record: { options: Record<string, unknown>; maximized: boolean };
    constructor(options: Record<string, unknown>) {
      super();
      this.record = { options, maximized: false };
      windows.push(this.record);
    }
    maximize(): void {
      this.record.maximized = true;
    }
    show(): void {}
  }
  const fake: FakeElectron = {
    BrowserWindow: FakeBrowserWindow,
    windows,
    ipcMain: new EventEmitter(),
    ipcRenderer: { send: vi.fn(), on: vi.fn() },
    contextBridge: { exposeInMainWorld: vi.fn() },
    Notification: FakeNotification as unknown as FakeElectron['Notification'],
    shown,
  };
  (globalThis as Record<string, unknown>)[GLOBAL_KEY] = fake;
  const names = Object.keys(fake).filter((n) => n !== 'shown' && n !== 'windows');
  const source = [
    `const fake = globalThis.${GLOBAL_KEY};`,
    ...names.map((n) => `export const ${n} = fake.${n};`),
    'export default fake;',
  ].join('\n');
  registerHooks({
    resolve(specifier, context, next) {
      if (specifier === 'electron')
        return { url: 'studio-fake:electron', format: 'module', shortCircuit: true };
      return next(specifier, context);
    },
    load(url, context, next) {
      if (url === 'studio-fake:electron') return { format: 'module', source, shortCircuit: true };
      return next(url, context);
    },
  });
  return fake;
}
