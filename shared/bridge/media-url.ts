// Library files reach the renderer through a URL prefix that depends on the transport: Electron serves them on
// the studio-media:// protocol, web mode under /media/ on the same origin. Both sides use these two functions,
// so what one encodes the other decodes.

export const ELECTRON_MEDIA_BASE_URL = 'studio-media://library/';
export const WEB_MEDIA_BASE_URL = '/media/';

/** The URL of a library file, from session.status().mediaBaseUrl and an item's relativePath. */
export function mediaUrl(mediaBaseUrl: string, relativePath: string): string {
  const segments = relativePath.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
  const base = mediaBaseUrl.endsWith('/') ? mediaBaseUrl : `${mediaBaseUrl}/`;
  return base + segments.map(encodeURIComponent).join('/');
}

/**
 * The path segments of a media URL's path (after the base), or null when it is not a plain path inside the
 * library: parent references, empty names, encoded separators, NUL or control characters are refused here,
 * before any file system call. The caller still resolves real paths and checks containment.
 */
export function decodeMediaPath(encodedPath: string): string[] | null {
  const raw = encodedPath.replace(/^\/+/, '');
  if (raw === '') return null;
  const segments: string[] = [];
  for (const part of raw.split('/')) {
    let name: string;
    try {
      name = decodeURIComponent(part);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex
    if (name === '' || name === '.' || name === '..' || /[\\/\x00-\x1f:]/.test(name)) return null;
    segments.push(name);
  }
  return segments;
}
