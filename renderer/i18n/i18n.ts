// i18next set up once, synchronously, with both bundles inlined: the app is offline-first and small enough.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-cn';
import { setValidationTranslator } from '../../shared/validation';
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
  // The one zod error map (shared/validation) speaks the user's language from now on: every schema's verdict,
  // the catalog's and the bridge's included, is read at parse time in the language then chosen.
  setValidationTranslator((key, values) => i18next.t(`validation.${key}`, values));
  return i18next;
}
