// Whether a URL shows the renderer's own document: same scheme, host and path. The hash and query are the
// renderer's routing state and do not count. One definition for the bridge's sender check and the window's
// navigation and permission rules, so the two can never disagree about what "our renderer" is.
export function sameDocument(candidate: string, expected: string): boolean {
  try {
    const a = new URL(candidate);
    const b = new URL(expected);
    return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
  } catch {
    return false;
  }
}
