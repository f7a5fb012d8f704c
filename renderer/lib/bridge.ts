// The renderer's one typed way to the main process. It picks the transport once: Electron IPC when the preload
// exposed trpc-electron's channel, otherwise web mode's HTTP (batched queries) and SSE (events) on this origin.
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import type { TRPCClient, TRPCLink } from '@trpc/client';
import { ipcLink } from 'trpc-electron/renderer';
import type { AppRouter } from '../../shared/bridge';

/** Where web mode serves the bridge, relative to the page's origin. */
export const WEB_BRIDGE_PATH = '/trpc';

export type Transport = 'ipc' | 'web';

export function detectTransport(global: object = globalThis): Transport {
  return 'electronTRPC' in global ? 'ipc' : 'web';
}

function createLinks(transport: Transport): TRPCLink<AppRouter>[] {
  if (transport === 'ipc') return [ipcLink<AppRouter>()];
  const url = new URL(WEB_BRIDGE_PATH, window.location.origin).toString();
  return [
    splitLink({
      condition: (op) => op.type === 'subscription',
      // Same origin: the session cookie web mode set from the URL token rides along on both.
      true: httpSubscriptionLink({ url }),
      false: httpBatchLink({ url }),
    }),
  ];
}

export const transport: Transport = detectTransport();

export const bridge: TRPCClient<AppRouter> = createTRPCClient<AppRouter>({ links: createLinks(transport) });
