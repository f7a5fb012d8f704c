// The base URL is normalised once (with or without a trailing /v1) and kept so in Settings; the
// demo gateway speaks the dialects Settings › Demo gateway chooses, at once; task polls carry ?language= in the UI's
// language, and a gateway that refuses the parameter is polled without it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBridgeCaller } from '../../shared/bridge/router';
import { settingsSchema } from '../../shared/bridge/session-schemas';
import { normalizeBaseUrl } from '../../shared/gateway/base-url';
import { createGatewayClient } from '../../electron/core/gateway/gateway-client';
import type { StudioHost } from '../../electron/host/studio-host';
import { DemoGateway } from '../../electron/host/demo-gateway';
import { openTestHost } from '../support/test-host';

let dataDir: string;
let host: StudioHost | null = null;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-requests-'));
});
afterEach(async () => {
  await host?.close();
  host = null;
  await rm(dataDir, { recursive: true, force: true });
});

async function openStudio(): Promise<StudioHost> {
  host = await openTestHost(dataDir, {
    simulator: { timeScale: 0.05 },
  });
  return host;
}

describe('the base URL, normalised once', () => {
  it.each([
    ['https://gw.example.com', 'https://gw.example.com'],
    ['https://gw.example.com/', 'https://gw.example.com'],
    ['https://gw.example.com/v1', 'https://gw.example.com'],
    ['https://gw.example.com/v1/', 'https://gw.example.com'],
    ['https://gw.example.com/V1//', 'https://gw.example.com'],
    ['https://gw.example.com/api/v1', 'https://gw.example.com/api'],
    ['https://gw.example.com/v1/v1', 'https://gw.example.com'],
    ['https://gw.example.com/v10', 'https://gw.example.com/v10'],
  ])('%s is kept as %s', (typed, kept) => {
    expect(normalizeBaseUrl(typed)).toBe(kept);
    expect(settingsSchema.shape.baseUrl.parse(typed)).toBe(kept);
  });

  it('Settings stores and answers the normalised form, so the field shows it', async () => {
    const bridge = createBridgeCaller({ handlers: (await openStudio()).handlers });
    const saved = await bridge.settings.update({ baseUrl: 'https://gw.example.com/v1/' });
    expect(saved.baseUrl).toBe('https://gw.example.com');
    expect((await bridge.settings.get()).baseUrl).toBe('https://gw.example.com');
  });

  it('a client given a base with /v1 never asks for /v1/v1/…', async () => {
    const paths: string[] = [];
    const server: Server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          success: true,
          remain_balance: 1,
          remain_credits: 10,
          used_balance: 0,
          used_credits: 0,
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createGatewayClient({ baseUrl: `http://127.0.0.1:${port}/v1/`, apiKey: 'k' });
      await client.tokenBalance();
      expect(paths).toEqual(['/v1/balance']);
    } finally {
      server.close();
    }
  });
});

describe('Settings › Demo gateway', () => {
  it('the upload and model-list switches reach the demo gateway; off returns to what it was started with (uploads on)', async () => {
    const demo = new DemoGateway(dataDir, 'lazy', { timeScale: 0.05, modelList: 'full' });
    try {
      const sim = await demo.start(['no-uploads', 'models-without-schemas', 'balance-cny']);
      const headers = { Authorization: `Bearer ${sim.keys.default}` };
      const listed = async () =>
        (
          (await (await fetch(`${sim.url}/v1/models?expand=parameters`, { headers })).json()) as {
            data: { parameters?: unknown }[];
          }
        ).data[0]?.parameters;
      const upload = async () =>
        (await fetch(`${sim.url}/v1/uploads/images`, { method: 'POST', headers, body: new FormData() }))
          .status;
      expect(await listed()).toBeUndefined();
      expect(await upload()).toBe(404);
      expect(sim.dialects.list).toEqual(['balance-cny']);
      await demo.start([]);
      expect(await listed()).toBeDefined();
      expect(await upload()).not.toBe(404);
      expect(sim.dialects.list).toEqual([]);
    } finally {
      await demo.close();
    }
  });

  it('a dialect chosen in Settings is spoken by the running demo gateway at once', async () => {
    const studio = await openStudio();
    const bridge = createBridgeCaller({ handlers: studio.handlers });
    await bridge.session.useDemo();
    const before = await bridge.account.balance();
    expect(before.success && before.unit).toBeFalsy();
    await bridge.settings.update({ demoDialects: ['balance-cny'] });
    const after = await bridge.account.balance();
    expect(after.success && after.unit).toBe('CNY');
    await bridge.settings.update({ demoDialects: [] });
    const spec = await bridge.account.balance();
    expect(spec.success && spec.unit).toBeFalsy();
  });
});

describe('?language= on task polls', () => {
  async function scripted(
    refuseLanguage: boolean,
  ): Promise<{ urls: string[]; close: () => void; url: string }> {
    const urls: string[] = [];
    const server = createServer((req, res) => {
      urls.push(req.url ?? '');
      res.setHeader('Content-Type', 'application/json');
      if (refuseLanguage && req.url?.includes('language=')) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: { code: 400, message: 'unknown parameter language', type: 'invalid_request_error' },
          }),
        );
        return;
      }
      res.end(JSON.stringify({ id: 't1', status: 'processing', progress: 10 }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    return { urls, close: () => server.close(), url: `http://127.0.0.1:${port}` };
  }

  it('sends the UI language (zh-cn as zh) on every poll', async () => {
    const gw = await scripted(false);
    try {
      const client = createGatewayClient({ baseUrl: gw.url, apiKey: 'k', language: () => 'zh-cn' });
      await client.getTask('t1', 'tasks');
      await client.getTask('t1', 'music');
      expect(gw.urls).toEqual(['/v1/tasks/t1?language=zh', '/v1/music/tasks/t1?language=zh']);
    } finally {
      gw.close();
    }
  });

  it('a gateway that refuses it is asked again without, and never with it again', async () => {
    const gw = await scripted(true);
    try {
      const client = createGatewayClient({ baseUrl: gw.url, apiKey: 'k', language: () => 'en' });
      expect((await client.getTask('t1', 'tasks')).status).toBe('processing');
      await client.getTask('t1', 'tasks');
      expect(gw.urls).toEqual(['/v1/tasks/t1?language=en', '/v1/tasks/t1', '/v1/tasks/t1']);
    } finally {
      gw.close();
    }
  });
});
