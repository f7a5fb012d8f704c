// The app's balance card against a gateway that takes the balance request and never answers (a raw 127.0.0.1
// server): the bridge call fails within one idle timeout with a sentence instead of waiting minutes through
// retries. The client runs on a StepClock, so the timeout passes without waiting for it. [EP-TBAL-1] [EP-UBAL-1]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../electron/core/gateway/gateway-client';
import { ACCOUNT_READ } from '../../electron/core/gateway/account-reads';
import { openTestHost } from '../support/test-host';
import type { StudioHost } from '../../electron/host/studio-host';
import { createBridgeCaller } from '../../shared/bridge/router';
import { startScriptedServer } from '../support/scripted-server';
import type { ScriptedServer } from '../support/scripted-server';
import { StepClock } from '../support/step-clock';

let dataDir: string;
let host: StudioHost;
let server: ScriptedServer;
const clock = new StepClock();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-hung-balance-'));
  server = await startScriptedServer();
  server.fallback = { hang: true };
  host = await openTestHost(dataDir, {
    createGateway: ({ baseUrl, apiKey }) => createGatewayClient({ baseUrl, apiKey, clock }),
  });
});

afterAll(async () => {
  await host?.close();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a hung balance call through the bridge', () => {
  it.each(['balance', 'userBalance'] as const)(
    'account.%s fails after one idle timeout with a sentence, and is not tried again',
    async (procedure) => {
      const bridge = createBridgeCaller({ handlers: host.handlers });
      await bridge.settings.update({ baseUrl: server.url });
      await bridge.secrets.setKey({ key: 'sk-hung-0123456789' });
      clock.sleeps.length = 0;
      await expect(bridge.account[procedure]()).rejects.toMatchObject({
        message:
          'The gateway took the balance request but did not answer within 10 s. Try again later, or check the base URL.',
      });
      // The only wait was the one idle timeout: no backoff, no second try of the hung request.
      expect(clock.sleeps).toEqual([ACCOUNT_READ.timeoutMs]);
    },
  );
});
