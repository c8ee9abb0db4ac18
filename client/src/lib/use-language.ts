import { useTranslation } from 'react-i18next'
import { FALLBACK_LANGUAGE, type Language, isLanguage } from './i18n'

/** The UI language as one of the app's languages (content with a locale: help centre, plans). */
export function useLanguage(): Language {
  const { i18n } = useTranslation()
  const language = (i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE).slice(0, 2)
  return isLanguage(language) ? language : FALLBACK_LANGUAGE
}
