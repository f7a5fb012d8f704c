// Extra body fields: a JSON object merged under the form's own fields ([EP-VIDEO-7] leaves V1, H, W and K's
// image-input field names unshown, so the user names them).
import { describe, expect, it } from 'vitest';
import { insertAt, mergeExtraBody, parseExtraBody } from '../../../renderer/features/create/extra-body';

describe('parseExtraBody', () => {
  it('empty text means no extra fields', () => {
    expect(parseExtraBody('  \n')).toEqual({ ok: true, value: {} });
  });
  it('refuses what is not JSON, saying where', () => {
    const r = parseExtraBody('{ "a": 1, }');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issue).toMatchObject({ code: 'json', detail: expect.stringMatching(/JSON|position/) });
  });
  it('refuses JSON that is not an object', () => {
    for (const text of ['[1]', '"x"', '3', 'null'])
      expect(parseExtraBody(text)).toEqual({ ok: false, issue: { code: 'not-object' } });
  });
});

describe('[EP-VIDEO-7] mergeExtraBody', () => {
  const formFields = ['prompt', 'duration', 'resolution', 'model', 'webhook'];
  it('adds the extra fields to the params', () => {
    expect(
      mergeExtraBody('{"first_frame_image":"https://x.example/a.png"}', { prompt: 'p' }, formFields),
    ).toEqual({
      ok: true,
      value: { first_frame_image: 'https://x.example/a.png', prompt: 'p' },
    });
  });
  it('never overrides a field the form has, even one left blank: it says which', () => {
    expect(mergeExtraBody('{"resolution":"4K"}', { prompt: 'p' }, formFields)).toEqual({
      ok: false,
      issue: { code: 'form-field', field: 'resolution' },
    });
    expect(mergeExtraBody('{"model":"other"}', {}, formFields)).toMatchObject({
      ok: false,
      issue: { field: 'model' },
    });
  });
});

describe('insertAt', () => {
  it('replaces the selection and puts the caret after the insert', () => {
    const literal = '"data:image/png;base64,AA=="';
    expect(insertAt('{ "a":  }', 7, 7, literal)).toEqual({
      text: `{ "a": ${literal} }`,
      caret: 7 + literal.length,
    });
    expect(insertAt('abcdef', 1, 4, 'X')).toEqual({ text: 'aXef', caret: 2 });
  });
});
