// Bulk actions on library selections: what the renderer sends (picked ids, or "all matching the filter but
// these", shared/studio/library-selection.ts) and what each action answers. One call per action, never one per item.
import { z } from 'zod';
import { librarySelectionSchema } from '../studio/library-selection';
import { libraryTagsSchema } from './record-schemas';
import { because } from '../validation';

export { libraryFilterSchema, librarySelectionSchema } from '../studio/library-selection';

export const bulkFavouriteInputSchema = z.strictObject({
  selection: librarySelectionSchema,
  favourite: z.boolean(),
});

export const bulkTagsInputSchema = z
  .strictObject({
    selection: librarySelectionSchema,
    add: libraryTagsSchema,
    remove: libraryTagsSchema,
  })
  .refine((edit) => edit.add.length + edit.remove.length > 0, {
    params: because('tagEditEmpty'),
    path: ['add'],
  });

export const selectionInputSchema = z.strictObject({ selection: librarySelectionSchema });

/** How many items the action applied to (those of the selection that still existed). */
export const bulkCountSchema = z.object({ count: z.number().int().min(0) });

export const trashReceiptSchema = z.object({
  /** Pass to library.undoTrash while the window is open; null when nothing was deleted. */
  undoId: z.string().nullable(),
  count: z.number().int().min(0),
  /** ms since epoch: Undo answers "too late" after this. */
  undoUntil: z.number(),
  /** Where the files go once the window ends: the OS trash (desktop) or the library's .trash folder. */
  trash: z.enum(['os', 'folder']),
});

export const undoTrashInputSchema = z.strictObject({ undoId: z.string().min(1).max(200) });
export const undoTrashSchema = z.object({ restored: z.number().int().min(0) });

/** A zip of the selection, ready to download once from web mode's /export/ (the link expires). */
export const exportZipSchema = z.object({ url: z.string(), fileName: z.string(), count: z.number().int() });

/** A folder export in the desktop app: the folder picked (null when cancelled) and the files written. */
export const folderExportSchema = z.object({ folder: z.string().nullable(), count: z.number().int().min(0) });
