// Languages and themes are written once, in shared/studio/preferences.ts (docs/architecture.md, "One source for
// each fact"): the settings schema's enums are built from those lists, and the renderer's store and the main process's
// notification strings take their lists from there, so a language added once is offered, stored and spoken
// everywhere.
import { describe, expect, it } from 'vitest';
import { notificationText } from '../../electron/platform/notification-text';
import { languageSchema, settingsSchema, themeSchema } from '../../shared/bridge/session-schemas';
import { isLanguage, isThemePreference, LANGUAGES, THEME_PREFERENCES } from '../../shared/studio/preferences';
import * as store from '../../renderer/store/studio-store';

describe('languages and themes, once', () => {
  it('the settings schema holds the preference schemas, built from the same lists', () => {
    expect(settingsSchema.shape.language).toBe(languageSchema);
    expect(settingsSchema.shape.theme).toBe(themeSchema);
    expect(languageSchema.options).toEqual([...LANGUAGES]);
    expect(themeSchema.options).toEqual([...THEME_PREFERENCES]);
  });

  it("the store's guards (no zod at start) accept what the schemas accept, and nothing else", () => {
    for (const value of [
      ...LANGUAGES,
      ...THEME_PREFERENCES,
      'zh-cn',
      'EN',
      'Dark',
      '',
      null,
      undefined,
      1,
      {},
    ]) {
      expect(isLanguage(value)).toBe(languageSchema.safeParse(value).success);
      expect(isThemePreference(value)).toBe(themeSchema.safeParse(value).success);
    }
  });

  it("the renderer's store offers the same lists, and every language has its notification strings", () => {
    expect(store.LANGUAGES).toBe(LANGUAGES);
    expect(store.THEME_PREFERENCES).toBe(THEME_PREFERENCES);
    for (const language of LANGUAGES) expect(notificationText(language)).toBeTruthy();
  });

  it('stored preferences are kept only when each one held is known (an older build or a hand edit is ignored)', () => {
    expect(store.persistedPreferences({ theme: 'dark', language: 'zh-CN', extra: 1 })).toEqual({
      theme: 'dark',
      language: 'zh-CN',
    });
    expect(store.persistedPreferences({ language: 'en' })).toEqual({ language: 'en' });
    expect(store.persistedPreferences({ theme: 'sepia', language: 'en' })).toBeNull();
    expect(store.persistedPreferences({ language: 'fr' })).toBeNull();
    for (const value of [null, undefined, 'dark', 3, ['dark']])
      expect(store.persistedPreferences(value)).toBeNull();
  });
});
