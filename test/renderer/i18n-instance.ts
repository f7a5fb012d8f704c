// A real i18next instance over the app's own bundles, so tests read the sentences users read.
import i18next from 'i18next';
import type { TFunction } from 'i18next';
import { en } from '../../renderer/i18n/en';
import { zhCN } from '../../renderer/i18n/zh-cn';

export async function translator(language: 'en' | 'zh-CN' = 'en'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}
