// One `Range: bytes=` header (RFC 9110 section 14.1.2) against a resource of known size. Both of our file
// servers use it: web mode's /media/ and studio-media:// (the library), and the simulator's result links.
// It is server-side plumbing, not gateway semantics, so sharing it leaves the simulator an independent peer.

export type ByteRange = { start: number; end: number };

/**
 * null to send the whole resource (no header, or a form we do not serve, such as several ranges or a malformed
 * header), 'unsatisfiable' for a 416, else the inclusive byte range.
 */
export function parseRange(
  header: string | undefined | null,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
