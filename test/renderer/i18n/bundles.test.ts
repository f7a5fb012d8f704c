// Every user-visible string goes through i18n: both bundles must say something for every key, with the same
// placeholders, or a sentence would lose its amount or its reason in one language.
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/i18n/en';
import { zhCN } from '../../../renderer/i18n/zh-cn';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation bundles', () => {
  const english = flatten(en);
  const chinese = flatten(zhCN);

  it('have the same keys', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, text] of [...english, ...chinese]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of english)
      expect(placeholders(chinese.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('name every creatable family', async () => {
    const { FAMILY_IDS } = await import('../../../shared/catalog');
    for (const id of FAMILY_IDS) expect(english.get(`create.families.${id}`), id).toBeTruthy();
  });

  it('label every catalog field and model variant (the form would otherwise fall back to raw names)', async () => {
    const { FAMILY_LIST } = await import('../../../shared/catalog');
    for (const family of FAMILY_LIST) {
      for (const field of family.fields)
        expect(english.get(`create.fields.${field.name}`), `${family.id} ${field.name}`).toBeTruthy();
      for (const variant of family.variants)
        expect(english.get(`create.variants.${variant.key}`), `${family.id} ${variant.key}`).toBeTruthy();
    }
  });
});
