// `library strays`: the files a crash left in the library's day folders with no item are listed, added back
// from the settings they carry (--reindex), or moved to the trash (--trash). No gateway is needed.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pngWithSettings } from '../../electron/core/library/file-settings';
import { pictureSettings, png, writeStray } from '../core/library/library-fixtures';
import { cli, tempDir } from './cli-harness';

let dir: string;
let cleanup: () => Promise<void>;
let env: Record<string, string>;

const settings = pictureSettings('a saved lighthouse');

const stray = (name: string, bytes: Uint8Array) => writeStray(join(dir, 'lib', '2026-11-20', name), bytes);

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  env = { STUDIO_LIBRARY_DIR: join(dir, 'lib'), STUDIO_DATA_DIR: join(dir, 'data'), HOME: dir };
  await stray('saved.png', pngWithSettings(await png(24, 24, '#204060'), settings));
  await stray('plain.png', await png(12, 12, '#604020'));
});
afterAll(async () => {
  await cleanup();
});

it('lists the strays, adds back the one carrying its settings, then trashes the rest', async () => {
  const listed = await cli(['library', 'strays'], env);
  expect(listed.code).toBe(0);
  expect(listed.stdout).toContain('2 file(s) in the library folder are not in the library');
  expect(listed.stdout).toContain('2026-11-20/saved.png');

  const added = await cli(['--json', 'library', 'strays', '--reindex'], env);
  expect(added.json()).toMatchObject({ filed: 1, duplicates: 0, kept: 1 });
  const found = await cli(['--json', 'library', '--search', 'lighthouse'], env);
  expect(JSON.stringify(found.json())).toContain('a saved lighthouse');

  const trashed = await cli(['library', 'strays', '--trash'], env);
  expect(trashed.stdout).toContain('Moved 1 stray file(s) to the trash.');
  expect((await cli(['library', 'strays'], env)).stdout).toContain('No stray files');
});
