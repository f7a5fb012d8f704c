// The settings of two library items side by side: family, model, prompt and every parameter
// either has, each marked same or different, so the page can mute what matches and highlight what changed.
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { canonicalJson } from '../../../shared/studio/canonical-json';

export interface DiffRow {
  /** 'family', 'model', 'prompt', or the parameter's name. */
  key: string;
  /** Whether the key is one of the fixed rows (translated label) or a parameter (shown by its name). */
  fixed: boolean;
  /** The value as one line of text; null when the item has no such setting. */
  a: string | null;
  b: string | null;
  same: boolean;
}

/** A setting as one line: strings as written, everything else as compact JSON. */
export function settingText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : canonicalJson(value);
}

/** The prompt an item was made from: the parameter when present, else the indexed prompt (speech's input). */
function promptOf(item: BridgeLibraryItem): string | null {
  const fromParams = item.params.prompt;
  return typeof fromParams === 'string' ? fromParams : item.prompt;
}

function row(key: string, fixed: boolean, a: string | null, b: string | null): DiffRow {
  return { key, fixed, a, b, same: a === b };
}

export function settingsDiff(a: BridgeLibraryItem, b: BridgeLibraryItem): DiffRow[] {
  const rows = [
    row('family', true, a.family, b.family),
    row('model', true, a.model, b.model),
    row('prompt', true, promptOf(a), promptOf(b)),
  ];
  // Parameters in the order the first item lists them, then those only the second has.
  const keys = [...Object.keys(a.params), ...Object.keys(b.params)].filter(
    (key, index, all) => key !== 'prompt' && all.indexOf(key) === index,
  );
  for (const key of keys) rows.push(row(key, false, settingText(a.params[key]), settingText(b.params[key])));
  return rows;
}

/** Which compare view two items get: the same kind of media, else none (a picture beside a track says nothing). */
export type CompareMode = 'image' | 'video' | 'audio' | null;

export function compareMode(a: BridgeLibraryItem, b: BridgeLibraryItem): CompareMode {
  const group = (item: BridgeLibraryItem) => (item.kind === 'speech' ? 'audio' : item.kind);
  return group(a) === group(b) ? group(a) : null;
}
