// i18next set up once, synchronously, with both bundles inlined: the app is offline-first and small enough.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-cn';
import type { Language } from '../store/studio-store';

export const resources = {
  en: { translation: en },
  'zh-CN': { translation: zhCN },
} as const;

export function initI18n(language: Language): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    // React escapes output already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
