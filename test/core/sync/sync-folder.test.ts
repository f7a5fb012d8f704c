// Sync through the plain-folder adapter (what Syncthing, Dropbox or a mounted NAS look like to the app).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { syncScenarios } from './sync-scenarios';

let remoteDir: string;
beforeAll(async () => {
  remoteDir = await mkdtemp(join(tmpdir(), 'sync-folder-remote-'));
});
afterAll(async () => {
  await rm(remoteDir, { recursive: true, force: true });
});

describe('sync through a folder', () => {
  let n = 0;
  syncScenarios(async () => {
    const path = join(remoteDir, String(++n));
    await mkdir(path);
    return { remote: { kind: 'folder', path }, secrets: {} };
  });
});
