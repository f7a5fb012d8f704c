// What a stored tag may be: trimmed, without control characters, not empty, and once per item whatever its case
// (library_tags compares without case). The bridge refuses control characters with a sentence; this keeps every
// other writer (music style tags, the CLI, old rows) clean.
import { withoutControlCharacters } from '../../../shared/studio/records';

/** Trimmed, control characters and empty ones dropped, and "Fox" after "fox" dropped too. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = withoutControlCharacters(raw).trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}
