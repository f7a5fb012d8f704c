// Native menus with the platform's usual roles and accelerators (undo/copy/paste, reload, zoom, full screen,
// minimise, quit), plus opening the library folder in the file manager.
import type { MenuItemConstructorOptions } from 'electron';
import type { ShellText } from './notification-text';

export interface MenuActions {
  openLibraryFolder(): void;
}

export function appMenuTemplate(
  platform: NodeJS.Platform,
  text: ShellText,
  actions: MenuActions,
  devTools: boolean,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(devTools ? ([{ role: 'toggleDevTools' }] as const) : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    {
      label: text.file,
      submenu: [
        {
          label: text.openLibraryFolder,
          accelerator: 'CmdOrCtrl+Shift+L',
          click: () => actions.openLibraryFolder(),
        },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { label: text.edit, role: 'editMenu' },
    { label: text.view, submenu: view },
    { label: text.window, role: 'windowMenu' },
  ];
}
