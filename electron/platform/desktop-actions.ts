// The desktop-only bridge actions over Electron: a native folder picker, reveal in the file manager, and
// dragging a library file out of the window into another app, and moving deleted files to the OS trash.
import type { BrowserWindow, Dialog, Shell } from 'electron';
import type { DesktopActions } from '../host/studio-host';

export interface DesktopActionDeps {
  dialog: Pick<Dialog, 'showOpenDialog'>;
  shell: Pick<Shell, 'showItemInFolder' | 'trashItem'>;
  window: () => BrowserWindow | null;
  /** Shown under the cursor while dragging (a PNG: WebP thumbnails are not accepted everywhere). */
  dragIcon: string;
}

export function electronDesktopActions(deps: DesktopActionDeps): DesktopActions {
  return {
    async chooseFolder(current) {
      const win = deps.window();
      const options = { defaultPath: current, properties: ['openDirectory', 'createDirectory'] as const };
      const result = win
        ? await deps.dialog.showOpenDialog(win, { ...options, properties: [...options.properties] })
        : await deps.dialog.showOpenDialog({ ...options, properties: [...options.properties] });
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    showInFolder(path) {
      deps.shell.showItemInFolder(path);
    },
    startDrag(path) {
      deps.window()?.webContents.startDrag({ file: path, icon: deps.dragIcon });
    },
    trashItem(path) {
      // The platform's own trash (Finder's Trash, the Recycle Bin, the freedesktop trash), where the user can
      // restore the file after the app's Undo has passed.
      return deps.shell.trashItem(path);
    },
  };
}
