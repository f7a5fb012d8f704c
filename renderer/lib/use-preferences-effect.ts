// Applies the theme and language preferences to the document and to i18next whenever they change.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useStudioStore } from '../store/studio-store';

export function usePreferencesEffect(): void {
  const { theme, language } = useStudioStore(useShallow((s) => ({ theme: s.theme, language: s.language })));
  const { i18n } = useTranslation();

  useEffect(() => {
    // 'system' removes the attribute so the prefers-color-scheme rules in theme.css decide.
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    document.documentElement.lang = language;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
}
