// "Extra body fields": a JSON object the user adds to a submission's body for what the spec leaves open
// ([EP-VIDEO-7]: V1, H, W and K take image input under field names the spec does not show). Pure, so the
// rules are unit-tested: the text must be a JSON object, and it may not set a field the form itself has (the
// form's own fields always win, so a clash is refused rather than silently dropped).

export type ExtraBodyIssue =
  { code: 'json'; detail: string } | { code: 'not-object' } | { code: 'form-field'; field: string };

export type ExtraBodyResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; issue: ExtraBodyIssue };

/** Parses the editor's text; empty (or only whitespace) means no extra fields. */
export function parseExtraBody(text: string): ExtraBodyResult {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, issue: { code: 'json', detail: (error as Error).message } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, issue: { code: 'not-object' } };
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * The params to send: the extra fields under the form's own. `formFields` are every name the form owns (its
 * catalog fields, model, webhook), set or not: a blank form field is still the form's to fill.
 */
export function mergeExtraBody(
  text: string,
  params: Record<string, unknown>,
  formFields: readonly string[],
): ExtraBodyResult {
  const parsed = parseExtraBody(text);
  if (!parsed.ok) return parsed;
  const clash = Object.keys(parsed.value).find((k) => formFields.includes(k));
  if (clash !== undefined) return { ok: false, issue: { code: 'form-field', field: clash } };
  return { ok: true, value: { ...parsed.value, ...params } };
}

/** Inserts `insert` into `text` in place of the selection [start, end); returns the text and the new caret. */
export function insertAt(
  text: string,
  start: number,
  end: number,
  insert: string,
): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
