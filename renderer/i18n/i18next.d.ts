// Makes t('...') keys type-checked against the English bundle.
import 'i18next';
import type { Messages } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
