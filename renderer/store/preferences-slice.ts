// Look-and-feel preferences. They hold nothing secret, so they persist in the renderer (localStorage)
// and apply before the first bridge round trip, which avoids a flash of the wrong theme or language.
import type { StateCreator } from 'zustand';
import type { StudioStore } from './store-types';

import type { Language, ThemePreference } from '../../shared/studio/preferences';

export { LANGUAGES, THEME_PREFERENCES } from '../../shared/studio/preferences';
export type { Language, ThemePreference } from '../../shared/studio/preferences';

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
