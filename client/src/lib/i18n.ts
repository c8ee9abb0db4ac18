/**
 * i18next set-up: en, de, fr, pt; fallback en; the choice is stored in localStorage.
 * English is bundled (it is the fallback); the other languages load on demand.
 */
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from '../locales/en/translation.json'
import type { LocaleLoaders } from './feature'
import { STORAGE_KEYS, readItem, writeItem } from './storage'

export const LANGUAGES = ['en', 'de', 'fr', 'pt'] as const
export type Language = (typeof LANGUAGES)[number]
export const FALLBACK_LANGUAGE: Language = 'en'

/** Each language's own name, shown in the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
}

type TranslationModule = { default: typeof en }
/**
 * Each feature keeps its own strings in client/src/features/<feature>/locales/<lng>.json,
 * an i18next namespace named after the feature (`useTranslation('<feature>')`). They load
 * with the feature's page, not with the first screen; the app hands over each feature's loaders
 * (its `locales`, app/features.ts) at start.
 */
let featureLocales: Readonly<Record<string, LocaleLoaders>> = {}

const featureBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data: Record<string, unknown> | null) => void) {
    const load = isLanguage(language) ? featureLocales[namespace]?.[language] : undefined
    if (!load) {
      callback(null, {})
      return
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error, null),
    )
  },
}

const loaders: Record<Exclude<Language, 'en'>, () => Promise<TranslationModule>> = {
  de: () => import('../locales/de/translation.json'),
  fr: () => import('../locales/fr/translation.json'),
  pt: () => import('../locales/pt/translation.json'),
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

export function storedLanguage(): Language {
  const stored = readItem(STORAGE_KEYS.language)
  return isLanguage(stored) ? stored : FALLBACK_LANGUAGE
}

async function ensureLoaded(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const module = await loaders[language]()
    i18n.addResourceBundle(language, 'translation', module.default, true, true)
  }
  // Feature namespaces already in use follow the language too.
  const features = (i18n.options.ns as string[] | undefined)?.filter((ns) => ns !== 'translation') ?? []
  if (features.length) await i18n.loadNamespaces(features)
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    await ensureLoaded(language)
  } catch {
    return // the language file could not be loaded: keep the current language
  }
  await i18n.changeLanguage(language)
  writeItem(STORAGE_KEYS.language, language)
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/** `locales`: each feature's namespace (its id) and the loaders of its strings. */
export async function initI18n(locales: Readonly<Record<string, LocaleLoaders>> = {}): Promise<typeof i18n> {
  featureLocales = locales
  const language = storedLanguage()
  await i18n
    .use(featureBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      ns: ['translation'],
      defaultNS: 'translation',
      lng: FALLBACK_LANGUAGE,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    })
  if (language !== FALLBACK_LANGUAGE) await changeLanguage(language)
  else if (typeof document !== 'undefined') document.documentElement.lang = FALLBACK_LANGUAGE
  return i18n
}

export { i18n }
