// Which library items a bulk action applies to. A selection is either the ids the user picked (click, Shift,
// Ctrl/Cmd) or "everything matching this filter but these" (Ctrl/Cmd+A on a virtualised grid whose pages are
// not all loaded): the main process resolves the second against the index, never the renderer's DOM.
// The zod schemas are the records; their types are inferred.
import { z } from 'zod';
import { libraryQuerySchema } from './records';

/** The most ids one explicit selection may name; larger sets travel as a filter. */
export const MAX_SELECTED_IDS = 10_000;

const itemId = z.string().min(1).max(200);

/** The library's filters (search, kind, favourites, ...) without a page window. */
export const libraryFilterSchema = libraryQuerySchema.omit({ limit: true, offset: true });
export type LibraryFilter = z.infer<typeof libraryFilterSchema>;

export const librarySelectionSchema = z.union([
  z.strictObject({ ids: z.array(itemId).min(1).max(MAX_SELECTED_IDS) }),
  z.strictObject({ filter: libraryFilterSchema, except: z.array(itemId).max(MAX_SELECTED_IDS) }),
]);
export type LibrarySelection = z.infer<typeof librarySelectionSchema>;

/** How long a deletion can be undone, in the main process (the toast shows for a little less). */
export const UNDO_WINDOW_MS = 15_000;
