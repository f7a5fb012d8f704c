// Which way the renderer reaches the main process, read without tRPC: the first screen's request
// (first-screen.ts) uses it before the tRPC client's code is loaded, and the client (bridge.ts) picks its link by it.

/** Where web mode serves the bridge, relative to the page's origin. */
export const WEB_BRIDGE_PATH = '/trpc';

export type Transport = 'ipc' | 'web';

export function detectTransport(global: object = globalThis): Transport {
  return 'electronTRPC' in global ? 'ipc' : 'web';
}
