// The library's addresses, built and read here only: the grid (#/library) or the viewer on one item
// (#/library/<id>), either with the grid's view as its query (features/library/library-filters.ts). The route's
// pattern and viewerItemOf are the reading half, so an address cannot be spelt one way where it is written and
// another where it is read. In lib/ because pages of several features link into the library (app/routes.ts
// re-exports the route for the shell).

export const LIBRARY_PATH = '/library';

/** The route the shell matches: the grid, or the viewer on `:item`. */
export const LIBRARY_ROUTE = `${LIBRARY_PATH}/:item?`;

/** The address of the library's grid, or of its viewer on `item`, keeping the grid's view (`query`). */
export function libraryAddress(item?: string | null, query?: string): string {
  const path = item ? `${LIBRARY_PATH}/${encodeURIComponent(item)}` : LIBRARY_PATH;
  return query ? `${path}?${query}` : path;
}

/** The item the viewer shows at this path (the hash's path, without its query), or null on the grid. */
export function viewerItemOf(path: string): string | null {
  if (!path.startsWith(`${LIBRARY_PATH}/`)) return null;
  const rest = path.slice(LIBRARY_PATH.length + 1).replace(/\/$/, '');
  if (rest === '' || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}
