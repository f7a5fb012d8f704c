// Composition root of the desktop app: platform services around the studio host, the bridge over IPC, one
// locked-down window. No logic of its own: each piece lives (and is tested) in electron/platform or host.
import { app, BrowserWindow, dialog, Menu, protocol, safeStorage, screen, session, shell } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ELECTRON_MEDIA_BASE_URL } from '../shared/bridge/media-url';
import { createGatewayClient } from './core/gateway/gateway-client';
import { createStudioHost } from './host/studio-host';
import type { StudioHost } from './host/studio-host';
import { appMenuTemplate } from './platform/app-menu';
import { electronDesktopActions } from './platform/desktop-actions';
import { electronNotificationSink } from './platform/electron-notifications';
import { openAppStore } from './platform/electron-store-adapter';
import { desktopSettings } from './core/settings/saved-settings';
import { attachIpcBridge } from './platform/ipc-bridge';
import { createMainWindow } from './platform/main-window';
import { handleMediaProtocol, MEDIA_SCHEME_PRIVILEGES } from './platform/media-protocol';
import { notificationText } from './platform/notification-text';
import type { Language } from './platform/notification-text';
import { desktopSecrets } from './platform/desktop-secrets';
import { startTaskNotifier } from './platform/task-notifier';
import { hardenApp, hardenSession } from './platform/window-security';
import { initialBounds, trackWindowState, WINDOW_FIELD } from './platform/window-state';

const startedAt = Date.now();
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const rendererFile = join(import.meta.dirname, '../renderer/index.html');
const rendererUrl = devServerUrl ?? pathToFileURL(rendererFile).href;
const preloadPath = join(import.meta.dirname, '../preload/preload.cjs');
const iconPath = join(app.getAppPath(), 'assets', 'icon.png');
// The main bundle no longer sits beside the simulator's media fixtures; point the demo gateway at them.
// Packaged: electron-builder.yml copies them to <resources>/simulator-fixtures; from a checkout they sit in the tree.
const simulatorFixtures = app.isPackaged
  ? join(process.resourcesPath, 'simulator-fixtures')
  : join(app.getAppPath(), 'electron', 'simulator', 'fixtures');

protocol.registerSchemesAsPrivileged([MEDIA_SCHEME_PRIVILEGES]);
app.enableSandbox();
hardenApp(app, () => rendererUrl);

if (!app.requestSingleInstanceLock()) app.quit();

let host: StudioHost | null = null;
let mainWindow: BrowserWindow | null = null;

function installMenu(language: Language): void {
  const actions = { openLibraryFolder: () => void (host && shell.openPath(host.libraryDir())) };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate(process.platform, notificationText(language), actions, !app.isPackaged),
    ),
  );
}

async function start(): Promise<void> {
  await app.whenReady();
  const store = openAppStore();
  host = await createStudioHost({
    dataDir: app.getPath('userData'),
    settings: desktopSettings(store, (m) => console.warn(m)),
    // The key, sync's secrets and the keys of unfinished tasks, each in its keychain-encrypted field.
    ...desktopSecrets(store, safeStorage),
    mediaBaseUrl: ELECTRON_MEDIA_BASE_URL,
    createGateway: (connection) => createGatewayClient(connection),
    // Offered on first run by the onboarding screen; started only when chosen.
    demo: 'lazy',
    onSettingsChanged: (settings) => installMenu(settings.language),
    desktop: electronDesktopActions({ dialog, shell, window: () => mainWindow, dragIcon: iconPath }),
    ...(existsSync(simulatorFixtures) && { simulator: { fixturesDir: simulatorFixtures } }),
  });
  const studio = host;

  hardenSession(session.defaultSession, rendererUrl);
  handleMediaProtocol(protocol, () => studio.media(), studio.references);

  const icon = existsSync(iconPath) ? iconPath : undefined;
  const win = createMainWindow({
    preloadPath,
    bounds: initialBounds(
      store.get(WINDOW_FIELD),
      screen.getAllDisplays().map((d) => d.workArea),
    ),
    title: 'Gateway Studio',
    ...(icon && { icon }),
  });
  mainWindow = win;
  win.on('closed', () => (mainWindow = null));
  trackWindowState(win, store);
  attachIpcBridge({ window: win, handlers: studio.handlers, rendererUrl, onRefused: (m) => console.warn(m) });
  startTaskNotifier({
    subscribe: (listener) => studio.subscribe(listener),
    sink: electronNotificationSink(icon),
    language: () => studio.settings().language,
    startedAt,
  });
  installMenu(studio.settings().language);

  if (devServerUrl) await win.loadURL(devServerUrl);
  else await win.loadFile(rendererFile);
}

app.on('second-instance', () => {
  // The single window comes forward instead of a second app fighting over the same database.
  const [win] = BrowserWindow.getAllWindows();
  if (win) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
});

app.on('window-all-closed', () => app.quit());

let closing = false;
app.on('before-quit', (event) => {
  if (closing || !host) return;
  closing = true;
  event.preventDefault();
  void host.close().finally(() => app.quit());
});

start().catch((error: unknown) => {
  console.error('Gateway Studio could not start:', error);
  app.exit(1);
});
