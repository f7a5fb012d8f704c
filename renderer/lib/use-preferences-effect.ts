// Applies the theme and language preferences to the document and to i18next whenever they change.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { switchLanguage } from '../i18n/i18n';
import { useStudioStore } from '../store/studio-store';

export function usePreferencesEffect(): void {
  const { theme, language } = useStudioStore(useShallow((s) => ({ theme: s.theme, language: s.language })));

  useEffect(() => {
    // 'system' removes the attribute so the prefers-color-scheme rules in theme.css decide.
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    document.documentElement.lang = language;
    // The bundle is fetched first when this language was not used yet; a failed fetch keeps the one shown.
    void switchLanguage(language).catch(() => undefined);
  }, [language]);
}
