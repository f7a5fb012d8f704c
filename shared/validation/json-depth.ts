// How deeply lists and objects may nest in settings (a submission's params, a file's settings, an extra body
// field). Real settings nest three or four levels (a list of images with roles); a text nested thousands deep
// would overflow every recursive walk after it (JSON.stringify, hashing, the catalog's checks), so it is
// refused up front with a sentence. Measured without recursion, so measuring cannot overflow either.
import { z } from 'zod';
import { because } from './error-map';

export const MAX_SETTINGS_DEPTH = 20;

/** Whether the value nests lists/objects more than `limit` levels deep (the value itself is level 1). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/** Settings as a record of any values, refused with "settings nested too deeply" past the limit. */
export const settingsRecordSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => !nestedDeeperThan(value, MAX_SETTINGS_DEPTH), {
    params: because('settingsTooDeep', { limit: MAX_SETTINGS_DEPTH }),
  });
