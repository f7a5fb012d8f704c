// The app's location lives in the hash (#/library/<id>), and so does a page's query (#/library?kind=video):
// the document's own query is not ours to change (web mode's address carries its session token there), and a
// view kept in the hash survives Back and reload like the path does. wouter's own hash hook would read the
// query as part of the path (no route would match) and write it into location.search; this one splits the two.
import { useSyncExternalStore } from 'react';

type Listener = () => void;
let listeners: Listener[] = [];
const onHashChange = () => listeners.forEach((listener) => listener());

function subscribe(listener: Listener): () => void {
  if (listeners.push(listener) === 1) addEventListener('hashchange', onHashChange);
  return () => {
    listeners = listeners.filter((l) => l !== listener);
    if (listeners.length === 0) removeEventListener('hashchange', onHashChange);
  };
}

const HASH_PREFIX = /^#?\/?/;

function parts(): { path: string; query: string } {
  const raw = location.hash.replace(HASH_PREFIX, '');
  const at = raw.indexOf('?');
  return at < 0 ? { path: `/${raw}`, query: '' } : { path: `/${raw.slice(0, at)}`, query: raw.slice(at + 1) };
}

const currentPath = () => parts().path;
const currentQuery = () => parts().query;

/** Goes to `to` (a path, optionally with `?query`), both kept in the hash. */
export function navigate(
  to: string,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
) {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = `/${to.replace(HASH_PREFIX, '')}`;
  const newURL = url.href;
  if (newURL === oldURL) return;
  history[replace ? 'replaceState' : 'pushState'](state, '', newURL);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL }));
}

/** wouter's location hook: the path without the hash's query, and navigate. */
export function useHashLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}

/** The hash's query (without `?`), e.g. "kind=video&sort=cost"; '' without one. */
export function useHashQuery(): string {
  return useSyncExternalStore(subscribe, currentQuery, () => '');
}

/** The current hash query, read once (for building a link that keeps it). */
export function hashQuery(): string {
  return currentQuery();
}
