// i18next set up once, synchronously, with English inlined: it is every other language's fallback. Other
// languages are fetched when first chosen (a start in English does not download and parse Chinese, about 21 KiB
// gzipped), and a language is only switched to once its bundle is here, so no sentence shows in the wrong one.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Messages } from './en';
// The translator alone, not zod's error map: the start loads no zod (the map comes with the first schema).
import { setValidationTranslator } from '../../shared/validation/translator';
import { LANGUAGES, type Language } from '../store/studio-store';

const bundles: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  'zh-CN': () => import('./zh-cn').then((m) => m.zhCN),
};

/** Starts in English; main.tsx switches to the user's language (switchLanguage) before the first render. */
export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    // React escapes output already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // The one zod error map (shared/validation) speaks the user's language from now on: every schema's verdict,
  // the catalog's and the bridge's included, is read at parse time in the language then chosen, whenever the
  // map itself is loaded (with the first schema, after the first screen).
  setValidationTranslator((key, values) => i18next.t(`validation.${key}`, values));
  return i18next;
}

/** Fetches a language's bundle once (English is always here). A failed fetch is tried again on the next call. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await bundles[language]());
}

/** Every language's bundle, for what reads all of them (the command palette finds an entry by either name). */
export async function loadAllLanguages(): Promise<void> {
  await Promise.all(LANGUAGES.map(loadLanguage));
}

let wanted: Language = 'en';

/** Switches to a language once its bundle is here: the start awaits this before its first render. */
export async function switchLanguage(language: Language): Promise<void> {
  wanted = language;
  await loadLanguage(language);
  // Chosen again meanwhile (Chinese, then back to English before Chinese arrived): the latest choice stands.
  if (wanted === language && i18next.language !== language) await i18next.changeLanguage(language);
}
