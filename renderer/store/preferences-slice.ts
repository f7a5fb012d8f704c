// Look-and-feel preferences. They hold nothing secret, so they persist in the renderer (localStorage)
// and apply before the first bridge round trip, which avoids a flash of the wrong theme or language.
import type { StateCreator } from 'zustand';
import type { StudioStore } from './store-types';

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PreferencesSlice {
  theme: ThemePreference;
  language: Language;
  setTheme: (theme: ThemePreference) => void;
  setLanguage: (language: Language) => void;
}

export const createPreferencesSlice: StateCreator<
  StudioStore,
  [['zustand/persist', unknown]],
  [],
  PreferencesSlice
> = (set) => ({
  theme: 'system',
  language: navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en',
  setTheme: (theme) => set({ theme }),
  setLanguage: (language) => set({ language }),
});
