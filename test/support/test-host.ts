// A studio host as the host tests open one: settings in a JSON file of its data folder, secrets in memory, the
// real gateway client, the demo gateway started on first use, nothing logged. A test passes only what it is
// about (a fast simulator, desktop actions, a clock for the client, a demo that stays off).
import { createGatewayClient } from '../../electron/core/gateway/gateway-client';
import { webSettings } from '../../electron/core/settings/saved-settings';
import { MemorySecretStore } from '../../electron/core/settings/memory-secret-store';
import { createStudioHost } from '../../electron/host/studio-host';
import type { StudioHost, StudioHostOptions } from '../../electron/host/studio-host';

export function openTestHost(dataDir: string, options: Partial<StudioHostOptions> = {}): Promise<StudioHost> {
  return createStudioHost({
    dataDir,
    settings: webSettings(dataDir),
    secrets: new MemorySecretStore(),
    mediaBaseUrl: '/media/',
    createGateway: (connection) => createGatewayClient(connection),
    demo: 'lazy',
    log: () => undefined,
    ...options,
  });
}
