// One bound store built from typed slices (zustand's slices pattern). Only preferences persist.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createCreateSlice } from './create-slice';
import { isLanguage, isThemePreference } from '../../shared/studio/preferences';
import { createPreferencesSlice } from './preferences-slice';
import { createToastSlice } from './toast-slice';
import type { StudioStore } from './store-types';

type Preferences = Pick<StudioStore, 'theme' | 'language'>;

/**
 * localStorage is outside our control (an older build, a hand edit): what comes back is kept only when each
 * preference it holds is one the app knows, else none is. Plain guards, not zod: this runs at start, and zod's
 * evaluation was the largest part of the start's JavaScript (docs/architecture.md, "Renderer load").
 */
export function persistedPreferences(value: unknown): Partial<Preferences> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { theme, language } = value as Record<string, unknown>;
  if (theme !== undefined && !isThemePreference(theme)) return null;
  if (language !== undefined && !isLanguage(language)) return null;
  return { ...(theme === undefined ? {} : { theme }), ...(language === undefined ? {} : { language }) };
}

export const useStudioStore = create<StudioStore>()(
  persist(
    (...a) => ({
      ...createPreferencesSlice(...a),
      ...createToastSlice(...a),
      ...createCreateSlice(...a),
    }),
    {
      name: 'gateway-studio.preferences',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ theme: state.theme, language: state.language }),
      merge: (persisted, current) => {
        const preferences = persistedPreferences(persisted);
        return preferences ? { ...current, ...preferences } : current;
      },
    },
  ),
);

export type { StudioStore } from './store-types';
export type { ThemePreference, Language } from './preferences-slice';
export { THEME_PREFERENCES, LANGUAGES } from './preferences-slice';
export type { Toast, ToastTone } from './toast-slice';
