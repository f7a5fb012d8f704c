// Library folders as devices for the sync tests: each has its own database, library folder and SyncService,
// all pointed at one remote. view() is what a person would compare between two machines: the items, their
// prompts, tags, favourites and bytes.
import { MadeFromStore } from '../../../electron/core/tasks/made-from-store';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openStudioDatabase } from '../../../electron/core/studio-database';
import type { DatabaseSync } from '../../../electron/core/db';
import { Library } from '../../../electron/core/library';
import { SyncService } from '../../../electron/core/sync';
import type { RetryPolicy, SyncRemote, SyncSetup } from '../../../electron/core/sync';
import type { ProxyRoute } from '../../../electron/core/proxy/proxy-route';
import type { LibraryItem } from '../../../shared/studio/records';
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';
import { png, resultFile, task, writeBytes } from '../library/library-fixtures';

export interface Device {
  name: string;
  dir: string;
  db: DatabaseSync;
  library: Library;
  sync: SyncService;
  close(): Promise<void>;
}

export interface DeviceOptions {
  remote: SyncConfig['remote'];
  secrets?: SyncSecrets;
  encrypted?: boolean;
  filesMode?: SyncConfig['filesMode'];
  remoteFactory?: (config: SyncConfig, secrets: SyncSecrets) => SyncRemote;
  retry?: RetryPolicy;
  /** The way out the real adapters take (core/proxy); direct without. */
  proxy?: ProxyRoute;
}

export function setupOf(name: string, options: DeviceOptions): SyncSetup {
  return {
    config: {
      remote: options.remote,
      deviceName: name,
      encrypted: options.encrypted ?? false,
      filesMode: options.filesMode ?? 'on-demand',
    },
    secrets: options.secrets ?? {},
  };
}

export function openDevice(root: string, name: string, options: DeviceOptions): Device {
  const dir = join(root, name);
  const db = openStudioDatabase(join(dir, 'data', 'studio.db'));
  const library = new Library({ db, dir: join(dir, 'library') });
  let setup = setupOf(name, options);
  const sync = new SyncService({
    madeFrom: new MadeFromStore(db),
    db,
    library,
    setup: () => setup,
    dataDir: join(dir, 'data'),
    ...(options.remoteFactory ? { remoteFactory: options.remoteFactory } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  });
  void setup;
  return {
    name,
    dir,
    db,
    library,
    sync,
    async close() {
      await sync.close();
      await library.bulk.flush();
      db.close();
      setup = setupOf(name, options);
    },
  };
}

let colourSeed = 1;

/** A picture made by a (pretend) finished task, filed as the downloader files one. */
export async function addImage(device: Pick<Device, 'library'>, prompt: string): Promise<LibraryItem> {
  const path = await device.library.allocatePath(`${prompt.replace(/\W+/g, '-')}-${colourSeed}.png`);
  const colour = `#${((colourSeed++ * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}`;
  const { size, sha256 } = await writeBytes(path, await png(48, 32, colour));
  return device.library.fileDownload({
    task: task({ params: { prompt, size: '3:2' } }),
    file: resultFile(),
    path,
    size,
    sha256,
    mime: 'image/png',
  });
}

export interface ItemView {
  id: string;
  prompt: string | null;
  tags: string[];
  favourite: boolean;
  sha256: string;
}

/** The library as a person compares it: every item with its prompt, tags (any order) and favourite. */
export function view(device: Device): ItemView[] {
  return device.library
    .query({ limit: 500 })
    .items.map((item) => ({
      id: item.id,
      prompt: item.prompt,
      tags: item.tags.map((t) => t.toLowerCase()).sort(),
      favourite: item.favourite,
      sha256: item.sha256,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Every item's file read back and hashed: true when all are on disk and match their sha256. */
export async function filesIntact(device: Device): Promise<boolean> {
  for (const item of device.library.query({ limit: 500 }).items) {
    if (item.remoteOnly) return false;
    const bytes = await readFile(item.path).catch(() => null);
    if (!bytes || createHash('sha256').update(bytes).digest('hex') !== item.sha256) return false;
  }
  return true;
}
