// The generation settings a result file carries inside itself (a PNG's iTXt chunk, an MP3's ID3 TXXX frame),
// so the file alone is enough to restore the Create form, on this machine or after it was shared. One schema
// for the writer (core), the reader (core, for a dropped file) and the form that restores from it.
import { z } from 'zod';
import { FAMILY_IDS } from '../catalog/family-ids';
import type { FamilyId } from '../catalog/family-ids';

/** The PNG iTXt keyword and the ID3 TXXX description the settings are stored under. */
export const FILE_SETTINGS_KEY = 'gateway-studio';
export const FILE_SETTINGS_VERSION = 1;

export interface FileSettings {
  app: typeof FILE_SETTINGS_KEY;
  version: number;
  family: FamilyId;
  /** The model id as submitted ('' for grid upscale). */
  model: string;
  /** The request body but the model, as stored (references as `studio-ref:`); never a key. */
  params: Record<string, unknown>;
  prompt: string | null;
  /** The local task that made the file. */
  taskId: string | null;
  /** The tasks it was made from (see shared/studio/made-from.ts). */
  madeFrom: string[];
}

export const fileSettingsSchema: z.ZodType<FileSettings> = z.object({
  app: z.literal(FILE_SETTINGS_KEY),
  version: z.number().int().min(1),
  family: z.enum(FAMILY_IDS),
  model: z.string().max(200),
  params: z.record(z.string(), z.unknown()),
  prompt: z.string().nullable(),
  taskId: z.string().nullable(),
  madeFrom: z.array(z.string()).max(100),
});

/** Settings text read from a file, or null when it is not ours or not readable (then it is a plain file). */
export function parseFileSettings(text: string): FileSettings | null {
  try {
    const parsed = fileSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
