// studio-media://library/<path>: how the renderer loads library files in the app. Only library files are
// served (resolveLibraryFile: indexed items and thumbnails, real paths inside the folder), with Range support
// so video and audio can seek.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { CustomScheme, Protocol } from 'electron';
import { ELECTRON_MEDIA_BASE_URL } from '../../shared/bridge/media-url';
import { parseRange } from '../../shared/http/byte-range';
import { resolveLibraryFile } from '../host/media-files';
import type { MediaSource } from '../host/media-files';

export const MEDIA_SCHEME = 'studio-media';
const MEDIA_HOST = new URL(ELECTRON_MEDIA_BASE_URL).host;

/** Registered before app 'ready': standard (real origins and relative URLs), secure, streamable for <video>. */
export const MEDIA_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: MEDIA_SCHEME,
  privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true },
};

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** The answer to one studio-media request. Pure Node: tested without Electron. */
export async function mediaResponse(request: Request, source: MediaSource): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed.');
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return plain(400, 'Bad URL.');
  }
  if (url.protocol !== `${MEDIA_SCHEME}:` || url.host !== MEDIA_HOST) return plain(404, 'Not found.');
  const file = await resolveLibraryFile(source, url.pathname);
  if (!file.ok) return plain(file.status, 'Not available.');

  const headers = new Headers({
    'content-type': file.mime,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, max-age=300',
  });
  const range = parseRange(request.headers.get('range'), file.size);
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  const length = file.size === 0 ? 0 : end - start + 1;
  headers.set('content-length', String(length));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${file.size}`);
  const body =
    request.method === 'HEAD' || length === 0
      ? null
      : (Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** Installs the handler (after 'ready'). The library is read per request: settings may move it. */
export function handleMediaProtocol(protocol: Pick<Protocol, 'handle'>, source: () => MediaSource): void {
  protocol.handle(MEDIA_SCHEME, (request) => mediaResponse(request, source()));
}
