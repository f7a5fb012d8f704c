// The generation settings a result file carries inside itself (a PNG's iTXt chunk, an MP3's ID3 TXXX frame),
// so the file alone is enough to restore the Create form, on this machine or after it was shared. One schema
// for the writer (core), the reader (core, for a dropped file) and the form that restores from it.
import { z } from 'zod';
import { FAMILY_IDS } from '../catalog/family-ids';
import type { FamilyId } from '../catalog/family-ids';
import { settingsRecordSchema } from '../validation/json-depth';
import { englishValidationText } from '../validation';
import { taskStylesSchema, type TaskStyles } from './presets';
import { regionEditSettingsSchema, type RegionEditSettings } from './region-selection';

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
  /**
   * The styles the prompt was sent with and the prompt as typed (params.prompt is the prompt as sent), so a
   * dropped file brings back the words and the chips. Absent for a prompt sent without styles, and in files
   * written before styles existed; an older reader ignores it.
   */
  styles?: TaskStyles;
  /**
   * A region edit's selection, instruction and original ("Edit again" restores them): present only in a region
   * edit's result; an older reader ignores it.
   */
  region?: RegionEditSettings;
}

export const fileSettingsSchema: z.ZodType<FileSettings> = z.object({
  app: z.literal(FILE_SETTINGS_KEY),
  version: z.number().int().min(1),
  family: z.enum(FAMILY_IDS),
  model: z.string().max(200),
  params: settingsRecordSchema,
  prompt: z.string().nullable(),
  taskId: z.string().nullable(),
  madeFrom: z.array(z.string()).max(100),
  styles: taskStylesSchema.optional(),
  region: regionEditSettingsSchema.optional(),
});

/** What a file's settings text holds: the settings, or why they cannot be restored (a sentence per problem). */
export interface SettingsReading {
  settings: FileSettings | null;
  /** Null when the settings are whole (or the file carries none); otherwise what is wrong with them. */
  damaged: string | null;
}

/** Settings text read from a file, checked; a damaged text says why instead of passing for a plain file. */
export function readSettingsText(text: string): SettingsReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { settings: null, damaged: englishValidationText('settingsNotJson', {}) };
  }
  const parsed = fileSettingsSchema.safeParse(json);
  if (parsed.success) return { settings: parsed.data, damaged: null };
  const damaged = parsed.error.issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
  return { settings: null, damaged };
}

/** Settings text read from a file, or null when it is not ours or not readable. */
export function parseFileSettings(text: string): FileSettings | null {
  return readSettingsText(text).settings;
}
