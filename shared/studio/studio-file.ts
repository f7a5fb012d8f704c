// Reading a file the studio shares (presets, styles, recipes): JSON, checked against its zod schema, all or
// nothing. A file that is not one of ours is refused with one sentence naming its first problem, the same
// sentence for every kind, so the app and the CLI say it alike.
import type { z } from 'zod';
import { studioRefusal, type GatewayError } from '../gateway/gateway-error';

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

/** The file's content as its schema reads it; a refusal naming the first problem otherwise. */
export function readStudioFile<T>(kind: string, text: string, schema: z.ZodType<T>): T {
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
