// A field's own error message, and the errors of a list field's items, by position. react-hook-form keeps a zod issue at image_urls.2 (or
// image_with_roles.2.url) as errors.image_urls[2]; the field-level message alone would show nothing.
export type ItemErrors = readonly (string | undefined)[];

function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  // An object entry (image roles): the first of its own fields' messages.
  for (const value of Object.values(error)) {
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

/** undefined when the field's error is not about its items. */
export function itemErrorsOf(error: unknown): ItemErrors | undefined {
  if (!Array.isArray(error)) return undefined;
  const out = Array.from({ length: error.length }, (_, i) => messageOf(error[i]));
  return out.some(Boolean) ? out : undefined;
}

/** The field's own message in a form's errors (react-hook-form's FieldErrors), when it has one. */
export function fieldErrorOf(
  errors: Readonly<Record<string, { message?: unknown } | undefined>>,
  name: string,
): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}
