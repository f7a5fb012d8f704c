// The look-and-feel choices, once: the settings schema, the renderer's store and the main process's own strings
// (notifications, menus) all take their lists and types from here.
import { z } from 'zod';

export const themeSchema = z.enum(['system', 'light', 'dark']);
export type ThemePreference = z.infer<typeof themeSchema>;
export const THEME_PREFERENCES = themeSchema.options;

/** The languages the app speaks: each needs its strings in renderer/i18n and electron/platform/notification-text. */
export const languageSchema = z.enum(['en', 'zh-CN']);
export type Language = z.infer<typeof languageSchema>;
export const LANGUAGES = languageSchema.options;
