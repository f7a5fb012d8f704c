// One bound store built from typed slices (zustand's slices pattern). Only preferences persist.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { z } from 'zod';
import { createCreateSlice } from './create-slice';
import { createPreferencesSlice, LANGUAGES, THEME_PREFERENCES } from './preferences-slice';
import { createToastSlice } from './toast-slice';
import type { StudioStore } from './store-types';

// localStorage is outside our control (an older build, a hand edit): parse what comes back.
const persistedPreferences = z.object({
  theme: z.enum(THEME_PREFERENCES).optional(),
  language: z.enum(LANGUAGES).optional(),
});

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
        const parsed = persistedPreferences.safeParse(persisted);
        return parsed.success ? { ...current, ...parsed.data } : current;
      },
    },
  ),
);

export type { StudioStore } from './store-types';
export type { ThemePreference, Language } from './preferences-slice';
export { THEME_PREFERENCES, LANGUAGES } from './preferences-slice';
export type { Toast, ToastTone } from './toast-slice';
