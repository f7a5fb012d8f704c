// The one check every bridge message passes in the app: it must come from our window's main frame, showing our
// own renderer. A subframe, another window or a page the renderer was somehow navigated to gets no handlers.
import { sameDocument } from './same-document';

export interface SenderView {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown; routingId?: number } | null;
}

export interface TrustedRenderer {
  webContentsId: number;
  /** file:///…/out/renderer/index.html, or the dev server's URL under `electron-vite dev`. */
  rendererUrl: string;
}

export function isTrustedSender(event: SenderView, trusted: TrustedRenderer): boolean {
  if (event.sender.id !== trusted.webContentsId) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return sameDocument(frame.url, trusted.rendererUrl);
}
