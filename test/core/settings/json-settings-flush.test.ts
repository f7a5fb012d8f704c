// The settings file is written whole to a temp file, flushed to the disk (fsync), and only then renamed over the
// old one: a power cut after the rename cannot leave an empty settings file, which would start the studio on
// defaults (another gateway, another library folder). The file system calls are the real ones, in their order.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonSettingsFile } from '../../../electron/core/settings/json-settings-file';
import { StoredSettings } from '../../../electron/core/settings/stored-settings';
import type { Warn } from '../../../electron/core/settings/settings-store';

/** The one settings store over a JSON file, as web mode and the CLI open it. */
const openFile = (file: string, warn?: Warn) => StoredSettings.open(jsonSettingsFile(file), warn);

const journal = vi.hoisted(() => [] as string[]);

// Imported inside the factory: vi.mock runs before the file's own imports.
vi.mock('node:fs/promises', async (importOriginal) => {
  const { journalledFs } = await import('../../support/fs-journal');
  return journalledFs(await importOriginal<typeof FsPromises>(), journal);
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studio-settings-flush-'));
  journal.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('StoredSettings over a JSON file', () => {
  it('flushes the new settings before the rename makes them the file', async () => {
    const file = join(dir, 'settings.json');
    const store = openFile(file, () => undefined);
    await store.update({ theme: 'dark' });
    const temp = `${file}.${process.pid}.tmp`;
    expect(journal).toEqual([`write ${temp} flushed`, `rename ${temp} -> ${file}`]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ theme: 'dark' });
  });
});
