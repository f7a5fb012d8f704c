// Lock-down of every web contents and of the session: no navigation away from the renderer, no new windows, no
// webviews, permissions refused except the two the UI uses, and a CSP header on our own documents (the
// renderer's index.html carries the same policy as a meta tag).
import type { App, Session, WebContents } from 'electron';
import { contentSecurityPolicy } from '../host/csp';
import { MEDIA_SCHEME } from './media-protocol';
import { sameDocument } from './same-document';

/** Copying a prompt or a path, and full-screen video: nothing else is asked of the browser. */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write', 'fullscreen']);

export function permissionAllowed(permission: string, requestingUrl: string, rendererUrl: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && sameDocument(requestingUrl, rendererUrl);
}

export function navigationAllowed(targetUrl: string, rendererUrl: string): boolean {
  return sameDocument(targetUrl, rendererUrl);
}

/** Applied to every web contents the app ever creates (app 'web-contents-created'). */
export function hardenWebContents(contents: WebContents, rendererUrl: string): void {
  contents.on('will-navigate', (event, url) => {
    if (!navigationAllowed(url, rendererUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!navigationAllowed(url, rendererUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function hardenApp(app: Pick<App, 'on'>, rendererUrl: () => string): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, rendererUrl()));
}

export function hardenSession(session: Session, rendererUrl: string): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(permissionAllowed(permission, details.requestingUrl ?? contents.getURL(), rendererUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(permission, details.requestingUrl ?? requestingOrigin, rendererUrl),
  );
  // webRequest does not see file:// loads, so the packaged renderer relies on index.html's meta CSP (the same
  // policy); the header covers the dev server and anything else served over http(s).
  const csp = contentSecurityPolicy(MEDIA_SCHEME);
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    if (details.resourceType === 'mainFrame' || details.resourceType === 'subFrame') {
      headers['Content-Security-Policy'] = [csp];
    }
    callback({ responseHeaders: headers });
  });
}
