// A downloaded file rewritten with its settings is written whole to a temp file, flushed to the disk (fsync),
// and only then renamed over the download: a power cut after the rename cannot leave the paid result empty
// under its own name. The file system calls are the real ones, recorded in the order they were made.
import { readFile } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { embedSettings, readFileSettings } from '../../../electron/core/library/file-settings';
import {
  FILE_SETTINGS_KEY,
  FILE_SETTINGS_VERSION,
  type FileSettings,
} from '../../../shared/studio/file-settings';
import { png, tempDir, writeBytes } from './library-fixtures';

const journal = vi.hoisted(() => [] as string[]);

// Imported inside the factory: vi.mock runs before the file's own imports.
vi.mock('node:fs/promises', async (importOriginal) => {
  const { journalledFs } = await import('../../support/fs-journal');
  return journalledFs(await importOriginal<typeof FsPromises>(), journal);
});

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('file-settings-flush-'));
  journal.length = 0;
});
afterEach(() => cleanup());

describe('embedSettings', () => {
  it('flushes the rewritten file before the rename makes it the result', async () => {
    const path = join(dir, 'result.png');
    await writeBytes(path, await png(4, 4));
    journal.length = 0;
    const settings: FileSettings = {
      app: FILE_SETTINGS_KEY,
      version: FILE_SETTINGS_VERSION,
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'a lighthouse' },
      prompt: 'a lighthouse',
      taskId: 'task-1',
      madeFrom: [],
    };
    expect(await embedSettings(path, 'image/png', settings)).not.toBeNull();
    expect(journal).toEqual([`write ${path}.settings flushed`, `rename ${path}.settings -> ${path}`]);
    expect(readFileSettings(new Uint8Array(await readFile(path)))).toEqual(settings);
  });
});
