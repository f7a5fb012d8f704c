// Drives the booted main process the way Electron and a user would: 'ready', the window's document loading and
// showing, bridge calls from the renderer and from senders that are not ours, a studio-media request, the demo
// gateway, a second instance, then closing the window. Writes what happened to the scenario's report file and
// then does nothing more: the process must end by itself, which it only does when main left no handle open.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { BootReport, BridgeReply, DesktopReport, MediaAnswer } from './boot-scenario.ts';
import { app, control, createWebContents, preventable, record, scenario } from './fake-electron.ts';
import type { FakeWindow } from './fake-electron.ts';
import { foreignBridge, preload, rendererBridge } from './sandboxed-preload.ts';

const STEP_TIMEOUT_MS = 15_000;

/** Rejects when `promise` does not settle in time, so a step that never answers is reported, not hung on. */
async function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), STEP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const report: BootReport = {
  nodeVersion: process.version,
  calls: record.calls,
  unknownMembers: record.unknownMembers,
  privilegedSchemes: record.privilegedSchemes,
  window: null,
  preload,
  bridge: {},
  media: null,
  permissions: null,
  quit: null,
  desktop: null,
  storeFile: null,
  nativeLibraries: [],
  failures: [],
};

/** The shared objects mapped into this process, by real path (links resolved by the kernel). */
function nativeLibraries(): string[] {
  if (!existsSync('/proc/self/maps')) return [];
  const paths = readFileSync('/proc/self/maps', 'utf8')
    .split('\n')
    .map((line) => line.slice(line.indexOf('/')))
    .filter((path) => /\.node$|\.so(\.\d+)*$/.test(path) && path.includes('node_modules'));
  return [...new Set(paths)];
}

async function step(name: string, run: () => Promise<void> | void): Promise<void> {
  try {
    await run();
  } catch (error) {
    report.failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function writeReport(): void {
  const storePath = join(scenario.userData, 'gateway-studio.json');
  report.storeFile = existsSync(storePath) ? readFileSync(storePath, 'utf8') : null;
  report.nativeLibraries = nativeLibraries();
  writeFileSync(scenario.reportFile, JSON.stringify(report, null, 2));
}

/** Whether nothing listens on the port any more (the demo gateway was closed). */
function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });
}

function dataOf(reply: BridgeReply | undefined): Record<string, unknown> {
  return (reply?.result?.data ?? {}) as Record<string, unknown>;
}

async function exercise(win: FakeWindow): Promise<void> {
  const renderer = rendererBridge(win);
  const { bridge } = report;
  bridge.status = await within('session.status', renderer.call('query', 'session.status'));

  const other = createWebContents().fake;
  other.url = win.contents.url;
  const sameUrl = { frameUrl: win.contents.url };
  bridge.fromOtherSender = await within(
    'an answer to another web contents',
    foreignBridge({ contents: other, parent: null, ...sameUrl }).call('query', 'session.status'),
  );
  bridge.fromSubframe = await within(
    'an answer to a subframe',
    foreignBridge({ contents: win.contents, parent: {}, ...sameUrl }).call('query', 'session.status'),
  );

  const media = async (relativePath: string): Promise<MediaAnswer> => {
    const handler = control.protocolHandlers.get('studio-media');
    if (!handler) throw new Error('no studio-media handler');
    const response = await handler(new Request(`studio-media://library/${encodeURI(relativePath)}`));
    const bytes = (await response.arrayBuffer()).byteLength;
    return { status: response.status, contentType: response.headers.get('content-type'), bytes };
  };
  await step('studio-media', async () => {
    // A file in the library folder that is no library item: the protocol must refuse it.
    const libraryDir = String(dataOf(bridge.status)['libraryDir']);
    await mkdir(libraryDir, { recursive: true });
    await writeFile(join(libraryDir, 'stray.txt'), 'not a library item');
    report.media = { stray: await media('stray.txt'), speech: null };
  });

  if (scenario.demo) {
    bridge.useDemo = await within('session.useDemo', renderer.call('mutation', 'session.useDemo'));
    bridge.balance = await within('account.balance', renderer.call('query', 'account.balance'));
    // Speech answers at once: the demo gateway serves a fixture, main files it, studio-media serves it back.
    bridge.speech = await within(
      'speech.synthesize',
      renderer.call('mutation', 'speech.synthesize', {
        model: 'speech_model_id',
        input: 'The packaged app speaks.',
        responseFormat: 'opus',
      }),
    );
    await step('studio-media speech', async () => {
      const item = dataOf(bridge.speech)['item'] as Record<string, unknown>;
      if (typeof item['relativePath'] !== 'string') throw new Error('speech filed no library item');
      if (report.media) report.media.speech = await media(item['relativePath']);
    });
    await step('desktop paths', () => desktopPaths(renderer, String(dataOf(bridge.status)['libraryDir'])));
  }
  if (scenario.setKey !== undefined) {
    bridge.setKey = await within(
      'secrets.setKey',
      renderer.call('mutation', 'secrets.setKey', { key: scenario.setKey }),
    );
    bridge.statusAfterKey = await within('session.status', renderer.call('query', 'session.status'));
  }
}

/** The notification main shows when a task ends: waited for in the fake's record of calls. */
async function notified(timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!record.calls.some((c) => c.startsWith('Notification.show '))) {
    if (Date.now() > end) throw new Error('no notification within the time a demo picture takes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What only the desktop app does, through the bridge as the renderer asks it, down to the faked Electron calls:
 * drag the demo's speech out, export it to the picked folder, delete it and Undo, delete it again (quitting
 * ends the window and hands it to the OS trash), and a notification when a demo picture's task ends.
 */
async function desktopPaths(renderer: ReturnType<typeof rendererBridge>, libraryDir: string): Promise<void> {
  const folders = scenario.desktop;
  if (!folders) return;
  const item = dataOf(report.bridge.speech)['item'] as Record<string, unknown> | undefined;
  if (!item || typeof item['id'] !== 'string') throw new Error('no library item to act on');
  const id = item['id'];
  const selection = { selection: { ids: [id] } };
  const out: DesktopReport = {
    itemPath: join(libraryDir, String(item['relativePath'])),
    exportedFiles: [],
    backAfterUndo: false,
  };
  report.desktop = out;
  out.drag = await within('desktop.startDrag', renderer.call('mutation', 'desktop.startDrag', { id }));
  out.exported = await within(
    'desktop.exportToFolder',
    renderer.call('mutation', 'desktop.exportToFolder', selection),
  );
  out.exportedFiles = (await readdir(folders.exportFolder).catch(() => [])).sort();
  out.trashed = await within('library.trash', renderer.call('mutation', 'library.trash', selection));
  const undoId = dataOf(out.trashed)['undoId'];
  out.undone = await within('library.undoTrash', renderer.call('mutation', 'library.undoTrash', { undoId }));
  out.backAfterUndo = existsSync(out.itemPath ?? '');
  out.trashedAgain = await within('library.trash', renderer.call('mutation', 'library.trash', selection));
  out.task = await within(
    'tasks.submit',
    renderer.call('mutation', 'tasks.submit', {
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'The desktop app announces a finished picture' },
    }),
  );
  await notified(45_000);
}

async function quit(win: FakeWindow): Promise<void> {
  const demoUrl = dataOf(report.bridge.useDemo)['baseUrl'];
  win.close();
  await within('the app to quit', control.quitDone.happened);
  const wal = join(scenario.userData, 'studio.db-wal');
  report.quit = {
    completed: true,
    databaseWalLeft: existsSync(wal),
    demoServerRefused: typeof demoUrl === 'string' ? await portRefuses(Number(new URL(demoUrl).port)) : null,
  };
}

export async function drive(): Promise<void> {
  await control.whenReadyCalled.happened;
  // main's module body has run to its end (whenReady is the first thing start() does): now the app is ready.
  await new Promise((resolve) => setImmediate(resolve));
  control.emitReady();
  const outcome = await Promise.race([
    control.windowCreated.promise.then((win) => ({ win })),
    control.exited.promise.then((code) => ({ code })),
  ]);
  if ('code' in outcome) {
    report.failures.push(`main exited with ${outcome.code} before opening a window`);
    writeReport();
    process.exit(outcome.code);
  }
  const { win } = outcome;
  await step(
    'document',
    async () => void (await within('the window to load its document', control.documentLoaded.happened)),
  );
  win.emit('ready-to-show');
  const openHandler = win.contents.windowOpenHandler;
  const navigation = preventable();
  win.contents.emit('will-navigate', navigation, 'https://example.com/');
  report.window = {
    options: win.options,
    loadedFile: win.loadedFile,
    shownOnReadyToShow: win.shown,
    focusedOnSecondInstance: false,
    windowOpenDenied: openHandler?.({ url: 'https://example.com/' }).action === 'deny',
    foreignNavigationPrevented: navigation.defaultPrevented,
  };
  await step('permissions', () => {
    const check = control.permissionCheck;
    if (!check) throw new Error('no permission check handler');
    const ask = (permission: string): boolean =>
      check(win.webContents, permission, win.contents.url, { requestingUrl: win.contents.url });
    report.permissions = { fullscreen: ask('fullscreen'), geolocation: ask('geolocation') };
  });
  await step('bridge', () => exercise(win));
  await step('second instance', () => {
    win.minimized = true;
    app.emit('second-instance', preventable(), ['gateway-studio'], scenario.userData);
    if (report.window) report.window.focusedOnSecondInstance = win.focused && !win.minimized;
  });
  await step('quit', () => quit(win));
  writeReport();
  // If the process is still alive shortly after, say what keeps it (unref'd: it does not keep it alive itself).
  setTimeout(() => {
    process.stderr.write(
      `boot: still running; open handles: ${process.getActiveResourcesInfo().join(', ')}\n`,
    );
  }, 5_000).unref();
}
