// The one zod error map. Schemas in shared/ and renderer/ carry no sentences: a built-in check (min, max, url,
// enum…) says nothing, a custom rule says only a key (`params: because('ratio')`), and this map, installed once
// with z.config({ customError }) when this module loads, turns every issue into the sentence of its key. Zod 4
// prefers a schema's own message to any map, so an English message written in a schema would bypass it:
// test/shared/validation-messages.test.ts fails on any schema that still carries one.
//
// Main, the CLI and tests read the English table; the renderer hands in i18next (renderer/i18n/i18n.ts), so the
// same issue reads in the user's language there. The translator lives in translator.ts, without zod, so the
// renderer's start can set it without loading zod: this map is installed by whatever first imports a schema
// (shared/validation's index, renderer/app/shell.tsx, onboarding's form rules).
import { z } from 'zod';
import { VALIDATION_EN, type ValidationKey, type ValidationValues } from './messages';
import { validationText } from './translator';

// A schema that says `because` from here loads the map with it.
export { because } from './translator';

const isKey = (value: unknown): value is ValidationKey => typeof value === 'string' && value in VALIDATION_EN;

const list = (values: readonly unknown[]) => values.map(String).join(', ');

type Issue = z.core.$ZodRawIssue;

/** The key (and values) of any issue zod raises. Exported for the tests; the map is the only other caller. */
export function issueKey(issue: Issue): { key: ValidationKey; values: ValidationValues } {
  const input: unknown = issue.input;
  switch (issue.code) {
    case 'custom': {
      const params: Record<string, unknown> = issue.params ?? {};
      const { key, ...rest } = params;
      const values = Object.fromEntries(
        Object.entries(rest).filter((e): e is [string, string | number] =>
          ['string', 'number'].includes(typeof e[1]),
        ),
      );
      return isKey(key) ? { key, values } : { key: 'invalid', values };
    }
    case 'invalid_type':
      if (input === undefined || input === null || (typeof input === 'number' && Number.isNaN(input)))
        return { key: 'required', values: {} };
      if (issue.expected === 'int') return { key: 'wholeNumber', values: {} };
      return { key: 'wrongType', values: { expected: issue.expected } };
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string')
        return minimum <= 1 ? { key: 'required', values: {} } : { key: 'minChars', values: { minimum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'minItems', values: { minimum } };
      return { key: issue.inclusive === false ? 'above' : 'atLeast', values: { minimum } };
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return { key: 'maxChars', values: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'maxItems', values: { maximum } };
      return { key: issue.inclusive === false ? 'below' : 'atMost', values: { maximum } };
    }
    case 'invalid_format':
      return { key: issue.format === 'url' ? 'url' : 'format', values: {} };
    case 'invalid_value':
      return { key: 'oneOf', values: { values: list(issue.values) } };
    case 'unrecognized_keys':
      return { key: 'unknownKeys', values: { keys: list(issue.keys) } };
    default:
      return { key: 'invalid', values: {} };
  }
}

z.config({
  customError: (issue) => {
    const { key, values } = issueKey(issue);
    return validationText(key, values);
  },
});
