// The files web mode serves besides the bridge: library media under /media/, reference images under
// /references/ (by hash only), and the built renderer, whose client-side routes all get the app shell.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { WEB_MEDIA_BASE_URL, WEB_REFERENCE_BASE_URL } from '../../shared/bridge/media-url';
import { resolveFileInside, resolveLibraryFile, resolveReferenceFile } from './media-files';
import type { MediaSource, ReferenceFiles } from './media-files';
import { refuse, sendFile, STATIC_TYPES } from './web-responses';

export interface WebFiles {
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** The library now (its folder may change in settings): only its indexed files are served. */
  media: () => MediaSource;
  references: ReferenceFiles;
  /** The Content-Security-Policy the app shell is served with. */
  csp: string;
}

/** Library media or a reference image, when the path names one; false when it is not a media path at all. */
export async function serveMedia(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  files: WebFiles,
): Promise<boolean> {
  const path = url.pathname;
  const media = path.startsWith(WEB_MEDIA_BASE_URL)
    ? () => resolveLibraryFile(files.media(), path.slice(WEB_MEDIA_BASE_URL.length))
    : path.startsWith(WEB_REFERENCE_BASE_URL)
      ? () => resolveReferenceFile(files.references, path.slice(WEB_REFERENCE_BASE_URL.length))
      : null;
  if (!media) return false;
  const file = await media();
  if (!file.ok) {
    refuse(res, file.status, 'Not available.');
    return true;
  }
  res.setHeader('content-security-policy', "default-src 'none'; sandbox");
  await sendFile(req, res, file, file.mime, 'private, max-age=300');
  return true;
}

/** A file of the built renderer; client-side routes (/library, /tasks/...) get the app shell. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  files: WebFiles,
): Promise<void> {
  const path = url.pathname === '/' ? 'index.html' : url.pathname;
  let file = await resolveFileInside(files.staticDir, path);
  // Missing assets stay 404: only an extensionless path is a route.
  if (!file.ok && file.status === 404 && extname(url.pathname) === '') {
    file = await resolveFileInside(files.staticDir, 'index.html');
  }
  if (!file.ok) {
    refuse(res, file.status, 'Not found.');
    return;
  }
  const type = STATIC_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream';
  const html = type.startsWith('text/html');
  if (html) res.setHeader('content-security-policy', files.csp);
  await sendFile(req, res, file, type, html ? 'no-store' : 'private, max-age=3600');
}
