// Sync through a real WebDAV server: Debian's rclone 1.60 serving a folder (it answers 404 to a PUT into a
// folder that does not exist yet, as many servers do), started on a port chosen at run time.
import { afterAll, beforeAll, describe } from 'vitest';
import { makeCollection, startRcloneWebdav } from '../../support/sync-servers';
import type { RunningServer } from '../../support/sync-servers';
import { syncScenarios } from './sync-scenarios';

let server: RunningServer;
beforeAll(async () => {
  server = await startRcloneWebdav({ user: 'studio', pass: 'dav-secret' });
});
afterAll(async () => {
  await server.stop();
});

describe('sync through WebDAV (rclone serve webdav)', () => {
  let n = 0;
  syncScenarios(async () => {
    // The folder the person points the app at exists (a missing one is a connection-test answer).
    const folder = `library-${++n}`;
    await makeCollection(`${server.url}/${folder}`, 'studio', 'dav-secret');
    return {
      remote: { kind: 'webdav', url: `${server.url}/${folder}`, user: 'studio' },
      secrets: { secret: 'dav-secret' },
    };
  });
});
