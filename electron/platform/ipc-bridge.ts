// The bridge over IPC (trpc-electron). The context holds the handlers only for messages from our trusted
// renderer; anything else gets `handlers: null`, which the router answers with FORBIDDEN.
import type { BrowserWindow } from 'electron';
import { createIPCHandler } from 'trpc-electron/main';
import type { BridgeContext, BridgeHandlers } from '../../shared/bridge/contract';
import { appRouter } from '../../shared/bridge/router';
import { isTrustedSender } from './trusted-sender';
import type { SenderView } from './trusted-sender';

export interface IpcBridgeOptions {
  window: BrowserWindow;
  handlers: BridgeHandlers;
  rendererUrl: string;
  /** Told about refused messages, so an attack attempt leaves a trace. */
  onRefused?: (detail: string) => void;
}

export function bridgeContextFor(
  event: SenderView,
  options: Pick<IpcBridgeOptions, 'handlers' | 'rendererUrl' | 'onRefused'> & { webContentsId: number },
): BridgeContext {
  if (isTrustedSender(event, { webContentsId: options.webContentsId, rendererUrl: options.rendererUrl })) {
    return { handlers: options.handlers };
  }
  options.onRefused?.(`bridge: refused a message from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
  return { handlers: null };
}

export function attachIpcBridge(options: IpcBridgeOptions): void {
  const webContentsId = options.window.webContents.id;
  createIPCHandler({
    router: appRouter,
    windows: [options.window],
    createContext: async ({ event }) => bridgeContextFor(event, { ...options, webContentsId }),
  });
}
