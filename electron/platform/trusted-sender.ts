// The one check every bridge message passes in the app: it must come from our window's main frame, showing our
// own renderer. A subframe, another window or a page the renderer was somehow navigated to gets no handlers.
export interface SenderView {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown; routingId?: number } | null;
}

export interface TrustedRenderer {
  webContentsId: number;
  /** file:///…/out/renderer/index.html, or the dev server's URL under `electron-vite dev`. */
  rendererUrl: string;
}

function sameDocument(candidate: string, expected: string): boolean {
  try {
    const a = new URL(candidate);
    const b = new URL(expected);
    // The hash and query are the renderer's own routing state; the document is what counts.
    return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
  } catch {
    return false;
  }
}

export function isTrustedSender(event: SenderView, trusted: TrustedRenderer): boolean {
  if (event.sender.id !== trusted.webContentsId) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return sameDocument(frame.url, trusted.rendererUrl);
}
