// Texts from the gateway lose the key, bearer tokens and Authorization values, in any letter case, and keep the
// rest of what they say.
import { describe, expect, it } from 'vitest';
import { scrubErrorTexts, scrubSecretText } from '../../shared/gateway/secret-scrub';

const KEY = 'sk-live-AbCdEf0123456789';

describe('scrubSecretText', () => {
  it('[AUTH-1] replaces the key in any case, bearer tokens and Authorization values', () => {
    const text = [
      `Authorization: Bearer ${KEY}`,
      `{"authorization":"Bearer other-token-999"}`,
      `AUTHORIZATION=${KEY.toUpperCase()}`,
      `sent bearer xyz.abc~def==`,
      `raw ${KEY.toLowerCase()} echoed`,
    ].join('\n');
    const out = scrubSecretText(text, [KEY]);
    expect(out.toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(out).not.toContain('other-token-999');
    expect(out).not.toContain('xyz.abc');
    expect(out).toBe(
      [
        'Authorization: [redacted]',
        '{"authorization":"[redacted]"}',
        'AUTHORIZATION=[redacted]',
        'sent bearer [redacted]',
        'raw [redacted] echoed',
      ].join('\n'),
    );
    expect(scrubSecretText(out, [KEY])).toBe(out);
  });

  it('keeps ordinary text, and ignores secrets too short to be a key', () => {
    expect(scrubSecretText('authorization failed for this account', ['ab'])).toBe(
      'authorization failed for this account',
    );
  });

  it('scrubs an error’s message, code and param', () => {
    const info = { message: `bad ${KEY}`, code: `Bearer ${KEY}`, param: KEY, type: 'x' };
    expect(scrubErrorTexts(info, [KEY])).toEqual({
      message: 'bad [redacted]',
      code: 'Bearer [redacted]',
      param: '[redacted]',
      type: 'x',
    });
  });
});
