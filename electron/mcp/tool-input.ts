// Every tool call is hostile input: its arguments are measured before anything reads them (size, nesting), then
// parsed with the tool's zod schema, and a refusal is one sentence naming the field and what is wrong with it.
// The SDK's own validation answers with a dump of zod issues; the server parses itself so an agent (and the
// person reading its transcript) gets words.
import type { z } from 'zod';
import '../../shared/validation';
import { nestedDeeperThan, MAX_SETTINGS_DEPTH } from '../../shared/validation';

/** The largest arguments object a call may carry, as JSON: prompts and settings, never files. */
export const MAX_ARGUMENTS_BYTES = 64 * 1024;

export type ParsedInput<T> = { ok: true; value: T } | { ok: false; sentence: string };

function issuesSentence(tool: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join('.');
    const message = issue.message.replace(/\.$/, '');
    return path ? `${path}: ${message}` : message;
  });
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `The ${tool} call was refused and nothing was done: ${parts.join('; ')}${more}.`;
}

/** The arguments read with the tool's schema, or the sentence that refuses them. */
export function parseToolInput<S extends z.ZodType>(
  tool: string,
  schema: S,
  args: unknown,
): ParsedInput<z.output<S>> {
  const given = args ?? {};
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(given) ?? '', 'utf8');
  } catch {
    return { ok: false, sentence: `The ${tool} call was refused: its arguments are not plain JSON.` };
  }
  if (size > MAX_ARGUMENTS_BYTES) {
    return {
      ok: false,
      sentence: `The ${tool} call was refused: its arguments are ${size} bytes, more than the ${MAX_ARGUMENTS_BYTES} a call may carry.`,
    };
  }
  if (nestedDeeperThan(given, MAX_SETTINGS_DEPTH)) {
    return {
      ok: false,
      sentence: `The ${tool} call was refused: its arguments nest more than ${MAX_SETTINGS_DEPTH} levels deep.`,
    };
  }
  const parsed = schema.safeParse(given);
  if (!parsed.success) return { ok: false, sentence: issuesSentence(tool, parsed.error.issues) };
  return { ok: true, value: parsed.data };
}

/** The same sentence for problems found after the schema (the catalog's own rules for a family's body). */
export function problemsSentence(
  tool: string,
  problems: readonly { path: string; message: string }[],
): string {
  const parts = problems
    .slice(0, 5)
    .map((p) => (p.path ? `${p.path}: ${p.message.replace(/\.$/, '')}` : p.message.replace(/\.$/, '')));
  return `The ${tool} call was refused and nothing was done: ${parts.join('; ')}.`;
}
