// View state lives in the URL (hash location, so file:// in Electron and web mode behave the same).
import { LIBRARY_PATH } from '../lib/library-address';

export { LIBRARY_ROUTE } from '../lib/library-address';
export const ROUTES = {
  create: '/create',
  tasks: '/tasks',
  library: LIBRARY_PATH,
  speech: '/speech',
  storyboard: '/storyboard',
  usage: '/usage',
  settings: '/settings',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * Two library items side by side: /compare/<a>/<b> (reached from the library, so not in the sidebar); a Create
 * reference picture beside a region edit's take: /compare/reference/<sha256>/<take>.
 */
export const COMPARE_ROUTE = '/compare';

/** One prompt on several models, every result side by side: /compare-group/<batch id> (from Create or the library). */
export const COMPARE_GROUP_ROUTE = '/compare-group';

/**
 * "Edit a region": /edit-region/item/<id>[/<take to edit again>] or /edit-region/ref/<sha256>[/<take to edit
 * again>] (a picture dropped on Create, kept by its hash).
 */
export const REGION_EDIT_ROUTE = '/edit-region';

/** Settings › Sync (a page within Settings, reached from its tabs). */
export { SYNC_ROUTE } from '../lib/sync-address';
