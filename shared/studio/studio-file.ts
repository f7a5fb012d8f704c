// Reading a file the studio shares (presets, styles, recipes): JSON, checked against its zod schema, all or
// nothing. A file that is not one of ours is refused with one sentence naming its first problem, the same
// sentence for every kind, so the app and the CLI say it alike. Its size and how deeply it nests are bounded
// before it is parsed: a file nested thousands deep parses, but every recursive walk after it (the schema,
// JSON.stringify when it is saved) would overflow the stack and answer a bare 500 instead of this sentence.
import type { z } from 'zod';
import { studioRefusal, type GatewayError } from '../gateway/gateway-error';
import { MAX_SETTINGS_DEPTH } from '../validation/json-depth';

/** The largest studio file read (characters): the bridge takes no larger text either. */
export const MAX_STUDIO_FILE_CHARS = 1024 * 1024;
/**
 * How deeply a studio file's lists and objects may nest: the file's own levels (file, its list, an entry, its
 * settings) above settings' own limit.
 */
export const MAX_STUDIO_FILE_DEPTH = MAX_SETTINGS_DEPTH + 6;

/** "This is not a <kind> file Gateway Studio can read (<detail>)." as a validation refusal of the file. */
export function badStudioFile(kind: string, detail: string): GatewayError {
  return studioRefusal(
    'validation_error',
    `This is not a ${kind} file Gateway Studio can read (${detail}).`,
    {
      param: 'file',
    },
  );
}

/**
 * Whether JSON text opens more than `limit` lists or objects inside each other, read as text (outside strings),
 * without recursion, so measuring cannot overflow.
 */
export function jsonTextDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The file's content as its schema reads it; a refusal naming the first problem otherwise. */
export function readStudioFile<T>(kind: string, text: string, schema: z.ZodType<T>): T {
  if (text.length > MAX_STUDIO_FILE_CHARS) {
    throw badStudioFile(kind, `it is larger than ${MAX_STUDIO_FILE_CHARS / (1024 * 1024)} MiB`);
  }
  if (jsonTextDeeperThan(text, MAX_STUDIO_FILE_DEPTH)) {
    throw badStudioFile(kind, `it nests lists and objects more than ${MAX_STUDIO_FILE_DEPTH} levels deep`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badStudioFile(kind, 'it is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badStudioFile(
    kind,
    issue ? `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'unknown shape',
  );
}
