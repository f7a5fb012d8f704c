// The look-and-feel choices, once: the settings schema (shared/bridge/session-schemas.ts builds its enums from
// these lists), the renderer's store and the main process's own strings (notifications, menus) all take their
// lists and types from here. Plain lists and guards, without zod: the renderer's store checks what localStorage
// gives back at start, before anything has loaded zod.

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** The languages the app speaks: each needs its strings in renderer/i18n and electron/platform/notification-text. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isThemePreference(value: unknown): value is ThemePreference {
  return THEME_PREFERENCES.some((theme) => theme === value);
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}
