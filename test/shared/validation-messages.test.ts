// One zod error map says every validation sentence (shared/validation/error-map.ts). Zod 4 prefers a message
// written in a schema to any map, so one English sentence left in a schema would reach a Chinese reader in
// English. Two checks hold the rule: every schema in shared/ and renderer/ is read for message literals in zod
// calls, and a battery of bad inputs through every family and the bridge's and forms' schemas must come back
// worded by the map alone. Each check is shown catching a schema that breaks the rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  englishValidationText,
  issueKey,
  setValidationTranslator,
  VALIDATION_EN,
} from '../../shared/validation';
import { FAMILY_LIST, familySchema, type FieldSpec } from '../../shared/catalog';
import { apiKeyInputSchema, settingsPatchSchema } from '../../shared/bridge/session-schemas';
import { speechRequestSchema } from '../../shared/bridge/speech-schemas';
import { spendingLimitsSchema } from '../../shared/bridge/spending-schemas';
import { referenceUploadSchema } from '../../shared/bridge/reference-schemas';
import { settingsFileSchema } from '../../shared/bridge/reuse-schemas';
import {
  submissionKeySchema,
  submissionRequestSchema,
  submitBatchInputSchema,
} from '../../shared/bridge/record-schemas';
import { pressSendInputSchema } from '../../shared/bridge/press-schemas';
import { usageQuerySchema } from '../../shared/gateway/usage';
import { onboardingSchema } from '../../renderer/features/onboarding/onboarding-form';
import { speechFormSchema } from '../../renderer/features/speech/speech-form';
import {
  connectionFormSchema,
  keyFormSchema,
  storageFormSchema,
} from '../../renderer/features/settings/settings-form';

// ---- the static check: message literals inside zod calls -------------------------------------------------

/** Zod methods whose string argument at this position (or `message`/`error` option) is a sentence. */
const MESSAGE_ARGUMENT: Record<string, number> = {
  min: 1,
  max: 1,
  length: 1,
  gt: 1,
  gte: 1,
  lt: 1,
  lte: 1,
  multipleOf: 1,
  regex: 1,
  refine: 1,
  int: 0,
  positive: 0,
  negative: 0,
  nonnegative: 0,
  nonpositive: 0,
  nonempty: 0,
  finite: 0,
  url: 0,
  email: 0,
  uuid: 0,
};
/** Calls whose options object may carry `message` or `error` for zod. */
const ZOD_CALLS = new Set([
  ...Object.keys(MESSAGE_ARGUMENT),
  'superRefine',
  'addIssue',
  'check',
  'custom',
  'enum',
  'literal',
  'string',
  'number',
  'boolean',
  'object',
  'strictObject',
  'looseObject',
  'array',
  'union',
  'record',
  'date',
  'iso',
  'datetime',
]);

const isText = (node: ts.Node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

/** Where a source file writes a sentence into a zod call, as "file:line text". */
export function englishMessagesIn(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push(`${fileName}:${line} ${node.getText(file).slice(0, 80)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      const position = MESSAGE_ARGUMENT[name];
      const argument = position === undefined ? undefined : node.arguments[position];
      // A sentence by name (a constant) is a sentence too; only an options object may sit there, and refine's
      // options may be a named object, so refine is held to literals. Math.min/max are not zod.
      const onMath =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'Math';
      if (ts.isPropertyAccessExpression(callee) && argument && !onMath) {
        if (isText(argument) || (name !== 'refine' && !ts.isObjectLiteralExpression(argument)))
          report(argument);
      }
      if (ZOD_CALLS.has(name)) {
        for (const arg of node.arguments) {
          if (!ts.isObjectLiteralExpression(arg)) continue;
          for (const prop of arg.properties) {
            if (
              ts.isPropertyAssignment(prop) &&
              ts.isIdentifier(prop.name) &&
              (prop.name.text === 'message' || prop.name.text === 'error') &&
              (isText(prop.initializer) || ts.isArrowFunction(prop.initializer))
            )
              report(prop);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('no schema carries its own sentence', () => {
  it('the check finds a sentence written into a schema (the rule, shown failing)', () => {
    const broken = [
      "const a = z.string().min(1, 'Required.');",
      "const b = z.number().int('Must be a whole number.');",
      "const c = z.string().refine((v) => v !== '', { message: 'Must not be blank.' });",
      "const d = z.enum(['a', 'b'], { error: `Must be one of a, b.` });",
      "const e = z.string().superRefine((v, ctx) => ctx.addIssue({ code: 'custom', message: 'No.' }));",
      "const f = z.url({ error: () => 'Bad URL.' });",
      'const g = z.string().regex(PATTERN, RULE_IN_WORDS);',
    ].join('\n');
    expect(englishMessagesIn(broken, 'broken.ts')).toHaveLength(7);
    const keyed =
      "const g = z.string().refine((v) => v !== '', { params: because('notBlank') }).min(1).max(LIMIT);" +
      'const h = Math.max(a, b);';
    expect(englishMessagesIn(keyed, 'keyed.ts')).toEqual([]);
  });

  it('shared/ and renderer/ write none', () => {
    const root = process.cwd();
    const found = ['shared', 'renderer'].flatMap((dir) =>
      sourceFiles(join(root, dir)).flatMap((path) =>
        englishMessagesIn(readFileSync(path, 'utf8'), relative(root, path)),
      ),
    );
    expect(found).toEqual([]);
  });
});

// ---- the dynamic check: every issue is worded by the map ---------------------------------------------------

const SENTINEL = /^⟦[A-Za-z]+⟧$/;

beforeAll(() => setValidationTranslator((key) => `⟦${key}⟧`));
afterAll(() => setValidationTranslator(englishValidationText));

/** The messages of every issue a schema raises for each input; a valid input is a mistake in the battery. */
function messages(schema: z.ZodType, inputs: unknown[]): string[] {
  return inputs.flatMap((input) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  });
}

/** Wrong values of every kind a field can be given. */
function badValues(f: FieldSpec): unknown[] {
  const common = [{ nested: true }, ['x']];
  switch (f.type) {
    case 'text':
    case 'string':
      return [...common, 42, '', ' ', 'x'.repeat(20_000), '7:3:1'];
    case 'enum':
      return [...common, 'not-a-choice', 3];
    case 'integer':
    case 'number':
      return [...common, 'seven', 1.5, -1e12, 1e12, 0.123];
    case 'boolean':
      return [...common, 'maybe'];
    case 'url':
      return [...common, 'ftp://example.com/a', 'not a url'];
    case 'urls':
      return [
        'https://a.example/x',
        ['ftp://x'],
        Array.from({ length: 200 }, () => 'https://a.example/x.png'),
      ];
    case 'image-roles':
      return [[{ url: 'ftp://x', role: 'first' }], [{ role: 'first' }], ['x']];
  }
}

describe('every issue is worded by the one map', () => {
  it('the check catches a schema whose own sentence bypasses the map (the rule, shown failing)', () => {
    const bypassing = z.object({ a: z.string().min(1, 'Required.'), b: z.number() });
    const worded = messages(bypassing, [{ a: '', b: 'x' }]);
    expect(worded.filter((m) => !SENTINEL.test(m.split(': ')[1] ?? ''))).toEqual(['a: Required.']);
  });

  it.each(FAMILY_LIST.map((f) => [f.id, f] as const))('%s: each wrong value', (_id, family) => {
    const schema = familySchema(family.id);
    const base: Record<string, unknown> = family.variants.length > 0 ? { model: 'some-model' } : {};
    const found: string[] = [];
    for (const field of family.fields) {
      found.push(
        ...messages(
          schema,
          badValues(field).map((value) => ({ ...base, [field.name]: value })),
        ),
      );
    }
    // The family's own rules: unknown fields, image input, one image, moderation, webhooks, missing model.
    found.push(
      ...messages(schema, [
        { ...base, colour: 'red', image: ['https://a.example/x.png'], n: 2, nsfw_check: true },
        { ...base, webhook: 'http://127.0.0.1:8080/hook' },
        { ...base, webhook: 'https://user:pw@hooks.example.com/' },
        { ...base, model: '' },
        {},
        null,
      ]),
    );
    expect(found.length, 'the battery raised nothing').toBeGreaterThan(0);
    for (const line of found) expect(line.split(': ').at(-1), line).toMatch(SENTINEL);
  });

  it("the bridge's and the forms' schemas", () => {
    const found = [
      ...messages(apiKeyInputSchema, [{ key: '' }, { key: 'a b' }, { key: 'x'.repeat(600) }, { key: 1 }, {}]),
      ...messages(settingsPatchSchema, [
        { baseUrl: 'ftp://x' },
        { libraryDir: 'relative/dir' },
        { pollBudgetPerSecond: 0 },
        { theme: 'pink' },
        { surprise: 1 },
      ]),
      ...messages(speechRequestSchema, [
        { model: '', input: ' ' },
        { model: 'm', input: 'x'.repeat(5000), speed: 0 },
      ]),
      ...messages(spendingLimitsSchema, [
        { unit: 'usd', confirmAbove: 0, daily: -1, monthly: 2e9, timeZone: 'Mars/Base' },
      ]),
      ...messages(referenceUploadSchema, [{ dataUrl: 'data:text/plain;base64,aGk=' }]),
      ...messages(settingsFileSchema, [{ dataUrl: 'not a data url' }]),
      ...messages(submissionRequestSchema, [{ family: 'grid.upscale', model: 'x', params: {} }]),
      ...messages(submissionKeySchema, ['short', 'has spaces in it, sixteen+']),
      // A press's styles name each of its requests: one entry too few is said by the map.
      ...messages(submitBatchInputSchema, [
        { requests: [{ family: 'image.i3', model: 'm', params: {} }], styles: [null, null] },
      ]),
      ...messages(pressSendInputSchema, [
        {
          intent: {
            request: { family: 'grid.upscale', model: 'x', params: {} },
            styles: [],
            batch: { on: true, takes: 0 },
            fanOut: [],
            toQueue: false,
            editOf: '',
          },
          confirmed: false,
          key: 'short',
        },
      ]),
      ...messages(usageQuerySchema, [{ group_by: 'day', scope: 'team', tz: '' }]),
      ...messages(onboardingSchema, [{ baseUrl: 'gateway', key: '' }]),
      ...messages(speechFormSchema, [{ model: 'm', input: '   ', voice: 'v'.repeat(200), speed: -1 }]),
      ...messages(connectionFormSchema, [{ baseUrl: 'nope' }]),
      ...messages(keyFormSchema, [{ key: 'a b' }]),
      ...messages(storageFormSchema, [{ libraryDir: 'x', pollBudgetPerSecond: 99 }]),
    ];
    expect(found.length).toBeGreaterThan(25);
    for (const line of found) expect(line.split(': ').at(-1), line).toMatch(SENTINEL);
  });

  it('says in English, from the one table, where no translator is handed in (main, the CLI)', () => {
    setValidationTranslator(englishValidationText);
    try {
      const result = familySchema('video.s').safeParse({ model: 'video_model_id_s' });
      expect(result.error?.issues[0]?.message).toBe(VALIDATION_EN.textToVideoPrompt);
      expect(apiKeyInputSchema.safeParse({ key: 'a b' }).error?.issues[0]?.message).toBe(
        VALIDATION_EN.keyCharacters,
      );
    } finally {
      setValidationTranslator((key) => `⟦${key}⟧`);
    }
  });

  it('maps each zod issue code to its sentence', () => {
    const key = (schema: z.ZodType, input: unknown) => {
      const issue = schema.safeParse(input).error?.issues[0];
      return issue ? issueKey({ ...issue, input } as Parameters<typeof issueKey>[0]).key : null;
    };
    expect(key(z.string(), undefined)).toBe('required');
    expect(key(z.number().int(), 1.5)).toBe('wholeNumber');
    expect(key(z.number().gt(0), 0)).toBe('above');
    expect(key(z.number().min(2), 1)).toBe('atLeast');
    expect(key(z.string().max(3), 'abcd')).toBe('maxChars');
    expect(key(z.array(z.string()).max(1), ['a', 'b'])).toBe('maxItems');
    expect(key(z.enum(['a']), 'b')).toBe('oneOf');
    expect(key(z.url(), 'x')).toBe('url');
    expect(key(z.strictObject({}), { a: 1 })).toBe('unknownKeys');
  });
});
