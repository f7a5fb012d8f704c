import { describe, expect, it, vi } from 'vitest';
import { fakeElectron } from './electron-fake';

const electron = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('electron', async () => {
  const { fakeElectron: make } = await import('./electron-fake');
  electron.current = make();
  return electron.current;
});

describe('preload', () => {
  it('exposes the trpc-electron channel and nothing else', async () => {
    const fake = fakeElectron();
    await import('../../electron/preload');
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, api] = fake.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      Record<string, unknown>,
    ];
    expect(name).toBe('electronTRPC');
    expect(Object.keys(api).sort()).toEqual(['onMessage', 'sendMessage']);
    (api.sendMessage as (m: unknown) => void)({ method: 'request' });
    expect(fake.ipcRenderer.send).toHaveBeenCalledWith('trpc-electron', { method: 'request' });
  });
});
