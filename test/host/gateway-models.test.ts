// The host hands the gateway client the model ids the settings override, read at call time, so core validates a
// submission with the same rules as the form that built it ([EP-VIDEO-6]: a configured S mini id has no prompt limit).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBridgeCaller } from '../../shared/bridge/router';
import { createGatewayClient } from '../../electron/core/gateway/gateway-client';
import type { StudioHost } from '../../electron/host/studio-host';
import { openTestHost } from '../support/test-host';
import type { GatewayConnection } from '../../electron/host/studio-gateway';

let dataDir: string;
let host: StudioHost;
const connections: GatewayConnection[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-models-'));
  host = await openTestHost(dataDir, {
    createGateway: (connection) => (connections.push(connection), createGatewayClient(connection)),
    demo: 'off',
  });
});

afterAll(async () => {
  await host?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('[EP-VIDEO-6] the client gets the overridden model ids, read afresh at each call', async () => {
  const bridge = createBridgeCaller({ handlers: host.handlers });
  await bridge.settings.update({
    baseUrl: 'http://127.0.0.1:9',
    modelOverrides: { video_model_id_s_mini: 'acme-s-mini-2' },
  });
  await bridge.secrets.setKey({ key: 'sk-test-0123456789' });
  const connection = connections.at(-1);
  expect(connection?.models?.()).toEqual({ 'video.s': { mini: 'acme-s-mini-2' } });
  await bridge.settings.update({ modelOverrides: { image_model_id_i3: 'acme-i3' } });
  expect(connection?.models?.()).toEqual({ 'image.i3': { default: 'acme-i3' } });
  expect(connections.at(-1)?.models?.()).toEqual({ 'image.i3': { default: 'acme-i3' } });
});
