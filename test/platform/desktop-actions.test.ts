import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, Dialog, Shell } from 'electron';
import { electronDesktopActions } from '../../electron/platform/desktop-actions';

vi.mock('electron', async () => (await import('./electron-fake')).fakeElectron());

describe('desktop actions', () => {
  const startDrag = vi.fn();
  const win = { webContents: { startDrag } } as unknown as BrowserWindow;
  const showOpenDialog = vi.fn();
  const showItemInFolder = vi.fn();
  const trashItem = vi.fn(() => Promise.resolve());
  const actions = electronDesktopActions({
    dialog: { showOpenDialog } as unknown as Pick<Dialog, 'showOpenDialog'>,
    shell: { showItemInFolder, trashItem } as unknown as Pick<Shell, 'showItemInFolder' | 'trashItem'>,
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

  it("moves a deleted file to the OS trash through Electron's shell, and passes its failure on", async () => {
    await actions.trashItem('/data/library/.trash/.undo/b/1/a.png');
    expect(trashItem).toHaveBeenCalledWith('/data/library/.trash/.undo/b/1/a.png');
    trashItem.mockRejectedValueOnce(new Error('no trash on this volume'));
    await expect(actions.trashItem('/x.png')).rejects.toThrow('no trash on this volume');
  });
});
