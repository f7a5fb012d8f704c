// A stand-in for the `electron` module, served to the built main process by the module hook in register.ts. It
// behaves like Electron's main-process API as far as main.ts (and electron-store, trpc-electron) use it, keeps
// Electron's ordering rules (what must happen before or after 'ready'), records every call, and throws on any
// member it does not have, so it cannot silently drift from what main calls. The sandboxed renderer's half
// (contextBridge, ipcRenderer for the preload) lives in sandboxed-preload.ts.
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BootScenario } from './boot-scenario.ts';

export const scenario: BootScenario = JSON.parse(process.env['BOOT_SCENARIO'] ?? 'null') as BootScenario;

export const record = {
  calls: [] as string[],
  unknownMembers: [] as string[],
  privilegedSchemes: [] as { scheme: string; privileges: Record<string, boolean> }[],
};

function call(what: string): void {
  record.calls.push(what);
}

/**
 * The fake behind a Proxy: reading a member it does not have throws (and is recorded, in case main catches the
 * error). Symbols and `then` pass, so a fake can be awaited or inspected without tripping the check.
 */
export function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      if (typeof prop === 'symbol' || prop === 'then' || prop in obj) return Reflect.get(obj, prop, receiver);
      const what = `${name}.${prop}`;
      record.unknownMembers.push(what);
      throw new Error(
        `fake electron: ${what} is not faked (main uses an Electron API the boot test does not know)`,
      );
    },
  });
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Something that happens once (no value): `happened` settles when `fire()` is called. */
function signal(): { happened: Promise<unknown>; fire(): void } {
  const d = deferred<true>();
  return { happened: d.promise, fire: () => d.resolve(true) };
}

/** An Electron event object whose default the listener may prevent. */
export function preventable(): { defaultPrevented: boolean; preventDefault(): void } {
  const event = {
    defaultPrevented: false,
    preventDefault: () => void (event.defaultPrevented = true),
  };
  return event;
}

let ready = false;
function requireReady(what: string): void {
  if (!ready) throw new Error(`fake electron: ${what} cannot be used before the app is ready`);
}

/** What the harness's driver waits on and pokes; main never sees this object. */
export const control = {
  whenReadyCalled: signal(),
  readyGate: signal(),
  windowCreated: deferred<FakeWindow>(),
  /** Settles when a window's loadFile has finished, whether or not the document was found. */
  documentLoaded: signal(),
  quitDone: signal(),
  exited: deferred<number>(),
  protocolHandlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
  permissionCheck: null as null | ((...args: unknown[]) => boolean),
  windows: [] as FakeWindow[],
  webContentsCreated: [] as FakeWebContents[],
  emitReady(): void {
    ready = true;
    call('ready');
    appEvents.emit('ready', {}, {});
    this.readyGate.fire();
  },
};

// ---- app ---------------------------------------------------------------------------------------------------

const appEvents = new EventEmitter();
let quitting = false;

function quitSequence(): void {
  call('app.quit');
  const before = preventable();
  appEvents.emit('before-quit', before);
  if (before.defaultPrevented) return;
  if (quitting) return;
  quitting = true;
  for (const win of [...control.windows]) win.close();
  const will = preventable();
  appEvents.emit('will-quit', will);
  if (will.defaultPrevented) {
    quitting = false;
    return;
  }
  appEvents.emit('quit', {}, 0);
  call('quit');
  control.quitDone.fire();
}

const appImpl = Object.assign(appEvents, {
  isPackaged: scenario.isPackaged,
  getAppPath: () => scenario.appPath,
  getPath(name: string): string {
    if (name === 'userData') return scenario.userData;
    throw new Error(`fake electron: app.getPath('${name}') is not faked`);
  },
  // Electron answers from the app's package.json (electron-store records it as the settings' version).
  getVersion: () =>
    (JSON.parse(readFileSync(join(scenario.appPath, 'package.json'), 'utf8')) as { version: string }).version,
  getName: () => 'Gateway Studio',
  requestSingleInstanceLock(): boolean {
    call('app.requestSingleInstanceLock');
    return true;
  },
  enableSandbox(): void {
    if (ready) throw new Error('fake electron: app.enableSandbox() must be called before the app is ready');
    call('app.enableSandbox before ready');
  },
  whenReady(): Promise<void> {
    call('app.whenReady');
    control.whenReadyCalled.fire();
    return control.readyGate.happened.then(() => undefined);
  },
  isReady: () => ready,
  quit: quitSequence,
  exit(code = 0): void {
    call(`app.exit(${code})`);
    control.exited.resolve(code);
  },
});

export const app = strict('app', appImpl);

// ---- windows and web contents ------------------------------------------------------------------------------

let nextWebContentsId = 1;

export class FakeWebContents extends EventEmitter {
  id = nextWebContentsId++;
  destroyed = false;
  url = '';
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    call('webContents.setWindowOpenHandler');
    this.windowOpenHandler = handler;
  }

  getURL(): string {
    return this.url;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  startDrag(item: { file: string; icon: string }): void {
    call(`webContents.startDrag ${item.file}`);
  }
}

/** A web contents as main sees it (strict) plus the fake behind it (for the driver). */
export function createWebContents(): { fake: FakeWebContents; seen: FakeWebContents } {
  const fake = new FakeWebContents();
  const seen = strict('webContents', fake);
  control.webContentsCreated.push(fake);
  appEvents.emit('web-contents-created', {}, seen);
  return { fake, seen };
}

export class FakeWindow extends EventEmitter {
  options: Record<string, unknown>;
  contents: FakeWebContents;
  webContents: FakeWebContents;
  destroyed = false;
  minimized = false;
  maximized = false;
  shown = false;
  focused = false;
  loadedFile: string | null = null;
  /** Runs the preload the way a sandboxed renderer does, once a document starts loading (sandboxed-preload.ts). */
  static onLoad: (win: FakeWindow) => void = () => undefined;

  constructor(options: Record<string, unknown>) {
    super();
    requireReady('new BrowserWindow()');
    call('new BrowserWindow');
    this.options = structuredClone(options);
    const { fake, seen } = createWebContents();
    this.contents = fake;
    this.webContents = seen;
    control.windows.push(this);
    const proxied = strict('BrowserWindow', this);
    control.windowCreated.resolve(this);
    return proxied;
  }

  static getAllWindows(): FakeWindow[] {
    return control.windows.filter((w) => !w.destroyed);
  }

  async loadFile(file: string): Promise<void> {
    call('BrowserWindow.loadFile');
    this.loadedFile = file;
    try {
      if (!existsSync(file)) throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${pathToFileURL(file).href}'`);
      this.contents.url = pathToFileURL(file).href;
      this.contents.emit('did-start-navigation', { isSameDocument: false, frame: { routingId: 1 } });
      FakeWindow.onLoad(this);
      this.contents.emit('did-finish-load');
    } finally {
      control.documentLoaded.fire();
    }
  }

  async loadURL(url: string): Promise<void> {
    call(`BrowserWindow.loadURL ${url}`);
    throw new Error('fake electron: the packaged and built app must load its file, not a URL');
  }

  show(): void {
    call('BrowserWindow.show');
    this.shown = true;
  }

  focus(): void {
    call('BrowserWindow.focus');
    this.focused = true;
  }

  restore(): void {
    this.minimized = false;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  maximize(): void {
    this.maximized = true;
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    const o = this.options as { x?: number; y?: number; width?: number; height?: number };
    return { x: o.x ?? 0, y: o.y ?? 0, width: o.width ?? 1280, height: o.height ?? 820 };
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** The user closes the window: 'close' (preventable), then it is gone and, last of all, the app hears it. */
  close(): void {
    if (this.destroyed) return;
    const event = preventable();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroyed = true;
    this.contents.destroyed = true;
    this.emit('closed');
    this.contents.emit('destroyed');
    if (FakeWindow.getAllWindows().length === 0 && !quitting) appEvents.emit('window-all-closed');
  }
}

export const BrowserWindow = strict('BrowserWindow', FakeWindow);

// ---- session, protocol, IPC --------------------------------------------------------------------------------

export const session = strict('session', {
  get defaultSession() {
    requireReady('session.defaultSession');
    return strict('Session', {
      setPermissionRequestHandler: () => call('session.setPermissionRequestHandler'),
      setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void {
        call('session.setPermissionCheckHandler');
        control.permissionCheck = handler;
      },
      webRequest: strict('WebRequest', {
        onHeadersReceived: () => call('session.webRequest.onHeadersReceived'),
      }),
    });
  },
});

export const protocol = strict('protocol', {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void {
    // Electron ignores (and warns about) registrations after ready: the scheme would never be privileged.
    if (ready)
      throw new Error('fake electron: protocol.registerSchemesAsPrivileged() after the app is ready');
    call('protocol.registerSchemesAsPrivileged before ready');
    record.privilegedSchemes.push(...structuredClone(schemes));
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
    requireReady('protocol.handle()');
    call(`protocol.handle ${scheme}`);
    control.protocolHandlers.set(scheme, handler);
  },
});

export const ipcMainEvents = new EventEmitter();
export const ipcMain = strict('ipcMain', ipcMainEvents);

// ---- the OS keychain ---------------------------------------------------------------------------------------

const CIPHER_PREFIX = 'fake-keychain:';

export const safeStorage = strict('safeStorage', {
  isAsyncEncryptionAvailable: async () => scenario.safeStorage !== 'unavailable',
  getSelectedStorageBackend: () => (scenario.safeStorage === 'keyring' ? 'gnome_libsecret' : 'basic_text'),
  async encryptStringAsync(plain: string): Promise<Buffer> {
    if (scenario.safeStorage === 'unavailable') throw new Error('Encryption is not available.');
    call('safeStorage.encryptStringAsync');
    return Buffer.from(CIPHER_PREFIX + Buffer.from(plain).toString('hex'));
  },
  async decryptStringAsync(cipher: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    call('safeStorage.decryptStringAsync');
    const text = cipher.toString();
    // Like ciphertext from another machine or profile: this keychain cannot read it.
    if (!text.startsWith(CIPHER_PREFIX))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return {
      result: Buffer.from(text.slice(CIPHER_PREFIX.length), 'hex').toString(),
      shouldReEncrypt: false,
    };
  },
});

// ---- the rest of the shell ---------------------------------------------------------------------------------

class FakeNotification {
  options: Record<string, unknown>;
  constructor(options: Record<string, unknown>) {
    this.options = options;
    return strict('Notification', this);
  }
  static isSupported(): boolean {
    return true;
  }
  show(): void {
    call(`Notification.show ${String(this.options['title'])}: ${String(this.options['body'])}`);
  }
}
export const Notification = strict('Notification', FakeNotification);

export const Menu = strict('Menu', {
  buildFromTemplate: (template: unknown[]) => strict('Menu', { items: template }),
  setApplicationMenu: () => call('Menu.setApplicationMenu'),
});

/** Where this fake's OS trash keeps what shell.trashItem was handed (a real move, so the test can look). */
const osTrash = scenario.desktop?.trashFolder ?? join(scenario.userData, 'os-trash');
let trashed = 0;

export const shell = strict('shell', {
  openPath: async (path: string) => (call(`shell.openPath ${path}`), ''),
  showItemInFolder: (path: string) => call(`shell.showItemInFolder ${path}`),
  async trashItem(path: string): Promise<void> {
    call(`shell.trashItem ${path}`);
    await mkdir(osTrash, { recursive: true });
    await rename(path, join(osTrash, `${++trashed}-${basename(path)}`));
  },
});

type OpenDialogOptions = { defaultPath?: string; properties?: string[] };

export const dialog = strict('dialog', {
  // Electron takes (window, options) or (options); the picker answers the scenario's export folder, if any.
  async showOpenDialog(first: unknown, second?: OpenDialogOptions) {
    const options = (second ?? first) as OpenDialogOptions;
    call(`dialog.showOpenDialog ${options.defaultPath ?? ''} ${(options.properties ?? []).join(',')}`);
    const folder = scenario.desktop?.exportFolder;
    return folder ? { canceled: false, filePaths: [folder] } : { canceled: true, filePaths: [] };
  },
});

export const screen = strict('screen', {
  getAllDisplays() {
    requireReady('screen');
    return [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1050 } }];
  },
});

// trpc-electron's main bundle imports these names beside ipcMain; in the main process they are undefined.
export const contextBridge = undefined;
export const ipcRenderer = undefined;

// electron-store reads the module's default export (`electron.app`, `electron.ipcMain`, `electron.shell`).
export default strict('electron', {
  app,
  BrowserWindow,
  session,
  protocol,
  ipcMain,
  safeStorage,
  Notification,
  Menu,
  shell,
  dialog,
  screen,
});
