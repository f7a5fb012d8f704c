// Library files reach the renderer through a URL prefix that depends on the transport: Electron serves them on
// the studio-media:// protocol, web mode under /media/ on the same origin. Both sides use these two functions,
// so what one encodes the other decodes.

export const ELECTRON_MEDIA_BASE_URL = 'studio-media://library/';
export const WEB_MEDIA_BASE_URL = '/media/';

/**
 * Stored reference images (shared/studio/references.ts) are served beside library media but from their own
 * root, so neither server can reach the other's folder: `<base><sha256>` is the image and
 * `<base><sha256>/thumbnail` its WebP thumbnail. Only hashes in the reference_images table are served.
 */
export const ELECTRON_REFERENCE_BASE_URL = 'studio-media://references/';
export const WEB_REFERENCE_BASE_URL = '/references/';

export type ReferenceVariant = 'image' | 'thumbnail';

/** A reference image's URL for the transport whose library media base the session reports. */
export function referenceUrl(mediaBaseUrl: string, sha256: string, variant: ReferenceVariant): string {
  const base = mediaBaseUrl.startsWith('studio-media:')
    ? ELECTRON_REFERENCE_BASE_URL
    : WEB_REFERENCE_BASE_URL;
  return `${base}${encodeURIComponent(sha256)}${variant === 'thumbnail' ? '/thumbnail' : ''}`;
}

/** The hash and variant a reference URL path (after its base) names, or null for anything else. */
export function decodeReferencePath(
  encodedPath: string,
): { sha256: string; variant: ReferenceVariant } | null {
  const match = /^\/*([0-9a-f]{64})(\/thumbnail)?$/.exec(encodedPath);
  if (!match?.[1]) return null;
  return { sha256: match[1], variant: match[2] ? 'thumbnail' : 'image' };
}

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
