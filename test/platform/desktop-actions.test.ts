import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, Dialog, Shell } from 'electron';
import { electronDesktopActions } from '../../electron/platform/desktop-actions';

vi.mock('electron', async () => (await import('./electron-fake')).fakeElectron());

describe('desktop actions', () => {
  const startDrag = vi.fn();
  const win = { webContents: { startDrag } } as unknown as BrowserWindow;
  const showOpenDialog = vi.fn();
  const showItemInFolder = vi.fn();
  const actions = electronDesktopActions({
    dialog: { showOpenDialog } as unknown as Pick<Dialog, 'showOpenDialog'>,
    shell: { showItemInFolder } as unknown as Pick<Shell, 'showItemInFolder'>,
    window: () => win,
    dragIcon: '/app/assets/icon.png',
  });

  it('opens a folder picker on the window, starting at the current folder; null when cancelled', async () => {
    showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/media/new'] });
    expect(await actions.chooseFolder('/data/library')).toBe('/media/new');
    expect(showOpenDialog).toHaveBeenCalledWith(win, {
      defaultPath: '/data/library',
      properties: ['openDirectory', 'createDirectory'],
    });
    showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    expect(await actions.chooseFolder('/data/library')).toBeNull();
  });

  it('reveals a file and drags it out with the app icon', () => {
    actions.showInFolder('/data/library/a.png');
    expect(showItemInFolder).toHaveBeenCalledWith('/data/library/a.png');
    actions.startDrag('/data/library/a.png');
    expect(startDrag).toHaveBeenCalledWith({ file: '/data/library/a.png', icon: '/app/assets/icon.png' });
  });
});
