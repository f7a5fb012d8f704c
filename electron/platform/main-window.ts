// The one application window: isolated, sandboxed, no Node in the renderer, no webviews, no remote content.
import { BrowserWindow } from 'electron';
import type { InitialBounds } from './window-state';

export interface MainWindowOptions {
  preloadPath: string;
  bounds: InitialBounds;
  icon?: string;
  title: string;
}

export function secureWebPreferences(preloadPath: string): Electron.WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: undefined,
    navigateOnDragDrop: false,
    spellcheck: true,
  };
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
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  if (options.bounds.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  return win;
}
