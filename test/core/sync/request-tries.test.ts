// The most tries one request to a remote can get is the studio's one request policy (core/retry.ts), whatever
// library sits beneath it: the S3 SDK used to retry three times under sync's four, so a request to a remote that
// answered 503 was sent twelve times. A loopback server that always answers 503 counts the tries.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_POLICIES } from '../../../electron/core/retry';
import { retryingRemote } from '../../../electron/core/sync/retrying-remote';
import { S3Remote } from '../../../electron/core/sync/s3-remote';
import { SyncRemoteError } from '../../../electron/core/sync/sync-remote';

let server: Server;
let endpoint = '';
let tries = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    tries++;
    request.resume();
    response.writeHead(503, { 'content-type': 'application/xml' });
    response.end(
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>busy</Message></Error>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('one request to a remote that always fails', () => {
  it('is tried exactly as often as the request policy says, the SDK adding none', async () => {
    const waits: number[] = [];
    // Waits are the clock's: recorded and passed at once, so the test takes no time.
    const clock = {
      sleep: (ms: number) => {
        waits.push(ms);
        return Promise.resolve();
      },
    };
    const s3 = new S3Remote({
      endpoint,
      region: 'us-east-1',
      bucket: 'studio',
      prefix: 'tries',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    const remote = retryingRemote(s3, clock);
    tries = 0;
    const failure = await remote.get('meta/head.json').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SyncRemoteError);
    expect((failure as SyncRemoteError).transient).toBe(true);
    expect(tries).toBe(RETRY_POLICIES.request.attempts);
    expect(waits).toHaveLength(RETRY_POLICIES.request.attempts - 1);
  });
});
