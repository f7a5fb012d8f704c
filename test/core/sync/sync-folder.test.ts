// Sync through the plain-folder adapter (what Syncthing, Dropbox or a mounted NAS look like to the app).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { useTempDir } from '../../support/studio-db';
import { syncScenarios } from './sync-scenarios';

const remotes = useTempDir('sync-folder-remote-', 'all');

describe('sync through a folder', () => {
  let n = 0;
  syncScenarios(async () => {
    const path = join(remotes.dir, String(++n));
    await mkdir(path);
    return { remote: { kind: 'folder', path }, secrets: {} };
  });
});
