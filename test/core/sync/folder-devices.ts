// Sync tests' devices on a plain-folder remote, kept apart from sync-devices.ts because this part needs vitest's
// hooks and sync-devices is also loaded by the soak, which runs outside vitest.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { useTempDir } from '../../support/studio-db';
import { openDevice } from './sync-devices';
import type { Device } from './sync-devices';

/** Devices on one plain-folder remote, in a temp root of their own: all closed and removed after each test. */
export interface FolderDevices {
  /** Opens device `name` on the shared remote folder (made on first use). */
  open(name: string): Promise<Device>;
  /** Devices a and b, as most sync tests start. */
  pair(): Promise<[Device, Device]>;
}

export function useFolderDevices(prefix: string): FolderDevices {
  const folder = useTempDir(prefix);
  const opened: Device[] = [];
  // Registered after the folder's hooks, so vitest runs it first: the devices close before their folder goes.
  afterEach(async () => {
    for (const device of opened.splice(0)) await device.close();
  });
  const open = async (name: string) => {
    const path = join(folder.dir, 'remote');
    await mkdir(path, { recursive: true });
    const device = openDevice(folder.dir, name, { remote: { kind: 'folder', path } });
    opened.push(device);
    return device;
  };
  return {
    open,
    async pair() {
      return [await open('a'), await open('b')];
    },
  };
}
