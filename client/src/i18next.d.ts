import 'i18next';
import type en from './locales/en/translation.json';
import type placeholder from './features/placeholder/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // One entry per feature namespace (client/src/features/<feature>/locales/en.json).
    resources: { translation: typeof en; placeholder: typeof placeholder };
    returnNull: false;
  }
}
