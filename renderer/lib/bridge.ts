// The renderer's one typed way to the main process. It picks the transport once: Electron IPC when the preload
// exposed trpc-electron's channel, otherwise web mode's HTTP (batched queries) and SSE (events) on this origin.
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import type { TRPCClient, TRPCLink } from '@trpc/client';
import { ipcLink } from 'trpc-electron/renderer';
import type { AppRouter } from '../../shared/bridge';
import { detectTransport, WEB_BRIDGE_PATH, type Transport } from './bridge-transport';

export { detectTransport, WEB_BRIDGE_PATH, type Transport };

/**
 * A query's input goes in the address, and Node's server refuses a request whose head passes 16 KiB (431): a long
 * prompt in an estimate or a history lookup did. Inputs past this many characters go as a POST body instead
 * (tRPC's method override, which web mode's server allows); short reads stay plain GETs anyone can read in a log.
 */
const LARGEST_INPUT_IN_ADDRESS = 2_000;

function inputIsLarge(input: unknown): boolean {
  if (input === undefined) return false;
  return (JSON.stringify(input)?.length ?? 0) > LARGEST_INPUT_IN_ADDRESS;
}

function createLinks(transport: Transport): TRPCLink<AppRouter>[] {
  if (transport === 'ipc') return [ipcLink<AppRouter>()];
  const url = new URL(WEB_BRIDGE_PATH, window.location.origin).toString();
  // Same origin: the session cookie web mode set from the URL token rides along on all three.
  return [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url }),
      false: splitLink({
        condition: (op) => inputIsLarge(op.input),
        true: httpBatchLink({ url, methodOverride: 'POST' }),
        // A batch of small reads can still add up past the limit: maxURLLength splits it into several.
        false: httpBatchLink({ url, maxURLLength: 8_000 }),
      }),
    }),
  ];
}

export const transport: Transport = detectTransport();

export const bridge: TRPCClient<AppRouter> = createTRPCClient<AppRouter>({ links: createLinks(transport) });
