// Choosing the theme or the language: applied at once (the store), then kept with the other settings. Settings'
// Appearance section and the command palette both choose through here.
import { useUpdateSettings } from './api/settings';
import { useStudioStore, type Language, type ThemePreference } from '../store/studio-store';

export function useAppearance(onError: (error: unknown) => void): {
  chooseTheme: (theme: ThemePreference) => void;
  chooseLanguage: (language: Language) => void;
} {
  const update = useUpdateSettings();
  const setTheme = useStudioStore((s) => s.setTheme);
  const setLanguage = useStudioStore((s) => s.setLanguage);
  return {
    chooseTheme: (theme) => {
      setTheme(theme);
      update.mutate({ theme }, { onError });
    },
    chooseLanguage: (language) => {
      setLanguage(language);
      update.mutate({ language }, { onError });
    },
  };
}
