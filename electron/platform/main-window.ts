// The one application window: isolated, sandboxed, no Node in the renderer, no webviews, no remote content.
// The preferences are written out literally in the constructor call so static scanners (electronegativity)
// see every one of them.
import { BrowserWindow } from 'electron';
import type { InitialBounds } from './window-state';

export interface MainWindowOptions {
  preloadPath: string;
  bounds: InitialBounds;
  icon?: string;
  title: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...options.bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: options.title,
    icon: options.icon,
    backgroundColor: '#111318',
    // test/boot/boot-checks.ts writes the security settings below again, on purpose: read from here, its check
    // would pass whatever the window was given.
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      // Middle-click must not open links in new windows behind the window-open handler's back.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  });
  if (options.bounds.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  return win;
}
