// Sync through a real S3 API server: npm's s3rver on a port chosen at run time. It has no conditional writes
// (If-None-Match is ignored), which the adapter must be correct without.
import { afterAll, beforeAll, describe } from 'vitest';
import { S3RVER_KEY, startS3rver } from '../../support/sync-servers';
import type { RunningServer } from '../../support/sync-servers';
import { syncScenarios } from './sync-scenarios';

let server: RunningServer;
beforeAll(async () => {
  server = await startS3rver('studio');
});
afterAll(async () => {
  await server.stop();
});

describe('sync through S3 (s3rver)', () => {
  let n = 0;
  syncScenarios(async () => ({
    remote: {
      kind: 's3',
      endpoint: server.url,
      region: 'us-east-1',
      bucket: 'studio',
      prefix: `library-${++n}`,
      accessKeyId: S3RVER_KEY,
    },
    secrets: { secret: S3RVER_KEY },
  }));
});
