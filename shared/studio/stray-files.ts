// Files in the library folder that no item indexes (electron/core/library/stray-files.ts), as the bridge and the
// CLI report them: paths relative to the library folder, with '/' between folders.
import { z } from 'zod';

export const strayFileSchema = z.object({
  path: z.string(),
  size: z.number(),
  /** It carries its settings and its bytes are not in the library yet: Re-index files it as it was made. */
  refileable: z.boolean(),
});
export type StrayFile = z.infer<typeof strayFileSchema>;

export const strayReportSchema = z.object({ files: z.array(strayFileSchema), bytes: z.number() });
export type StrayReport = z.infer<typeof strayReportSchema>;

/** What to do with the strays named: file them again, or move them to the trash. */
export const strayActionSchema = z.strictObject({
  action: z.enum(['reindex', 'trash']),
  paths: z.array(z.string().max(1000)).max(10_000),
});
export type StrayAction = z.infer<typeof strayActionSchema>;

/** What sorting strays did: filed again, trashed as copies of filed bytes, trashed, or kept (no settings). */
export const strayOutcomeSchema = z.object({
  filed: z.number().int().min(0),
  duplicates: z.number().int().min(0),
  trashed: z.number().int().min(0),
  kept: z.number().int().min(0),
});
export type StrayOutcome = z.infer<typeof strayOutcomeSchema>;

/** A deletion whose undo window is still open, one a restart found included: library.undoTrash brings it back. */
export const openUndoSchema = z.object({
  undoId: z.string(),
  count: z.number().int().min(0),
  /** ms since the epoch. */
  undoUntil: z.number(),
});
export type OpenUndo = z.infer<typeof openUndoSchema>;
