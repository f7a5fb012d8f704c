// Languages and themes are written once, in shared/studio/preferences.ts (docs/architecture.md, "One source for
// each fact"): the settings schema holds the very same schemas, and the renderer's store and the main process's
// notification strings take their lists from there, so a language added once is offered, stored and spoken
// everywhere.
import { describe, expect, it } from 'vitest';
import { notificationText } from '../../electron/platform/notification-text';
import { settingsSchema } from '../../shared/bridge/session-schemas';
import { LANGUAGES, languageSchema, THEME_PREFERENCES, themeSchema } from '../../shared/studio/preferences';
import * as store from '../../renderer/store/studio-store';

describe('languages and themes, once', () => {
  it('the settings schema holds the preference schemas themselves', () => {
    expect(settingsSchema.shape.language).toBe(languageSchema);
    expect(settingsSchema.shape.theme).toBe(themeSchema);
  });

  it("the renderer's store offers the same lists, and every language has its notification strings", () => {
    expect(store.LANGUAGES).toBe(LANGUAGES);
    expect(store.THEME_PREFERENCES).toBe(THEME_PREFERENCES);
    for (const language of LANGUAGES) expect(notificationText(language)).toBeTruthy();
  });
});
