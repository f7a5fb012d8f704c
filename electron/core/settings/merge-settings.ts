// Reading settings that someone else wrote (an older version, a hand edit, a half-written file): keep every
// field that is still valid, fall back to the default for the rest, and say which ones were dropped.
import { DEFAULT_SETTINGS, settingsSchema } from '../../../shared/bridge/session-schemas';
import type { Settings } from '../../../shared/bridge/session-schemas';

export interface MergeResult {
  settings: Settings;
  /** Names of fields that were present but invalid, and so were reset. */
  rejected: string[];
}

export function settingsFromUnknown(raw: unknown): MergeResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { settings: { ...DEFAULT_SETTINGS }, rejected: raw === undefined ? [] : ['(whole file)'] };
  }
  const record = raw as Record<string, unknown>;
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const rejected: string[] = [];
  const shape = settingsSchema.shape;
  for (const name of Object.keys(shape) as (keyof Settings)[]) {
    if (!(name in record)) continue;
    const parsed = shape[name].safeParse(record[name]);
    if (parsed.success) (settings as Record<keyof Settings, unknown>)[name] = parsed.data;
    else rejected.push(name);
  }
  return { settings, rejected };
}
