// Which library items a bulk action applies to. A selection is either the ids the user picked (click, Shift,
// Ctrl/Cmd) or "everything matching this filter but these" (Ctrl/Cmd+A on a virtualised grid whose pages are
// not all loaded): the main process resolves the second against the index, never the renderer's DOM.
import type { LibraryQuery } from './records';

/** The library's filters (search, kind, favourites, ...) without a page window. */
export type LibraryFilter = Omit<LibraryQuery, 'limit' | 'offset'>;

export type LibrarySelection = { ids: string[] } | { filter: LibraryFilter; except: string[] };

/** The most ids one explicit selection may name; larger sets travel as a filter. */
export const MAX_SELECTED_IDS = 10_000;

/** How long a deletion can be undone, in the main process (the toast shows for a little less). */
export const UNDO_WINDOW_MS = 15_000;
