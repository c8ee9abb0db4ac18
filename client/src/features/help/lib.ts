import type { HelpEntryKind, HelpLocale } from '../../gql/types'
import { useAbility } from '../../lib/ability-context'
import { useLanguage } from '../../lib/use-language'

export const HELP_LOCALES: readonly HelpLocale[] = ['en', 'de', 'fr', 'pt']

/** Search waits this long after the last key press before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300
export const MAX_QUERY_LENGTH = 100

/** The help centre's paths (client pages; the /kb/* paths are the server's data). */
export const HELP_PATHS = {
  faq: '/pages/faq',
  knowledgeBase: '/pages/knowledge-base',
  category: (category: string) => `/pages/knowledge-base/${encodeURIComponent(category)}`,
  article: (category: string, slug: string) => `/pages/knowledge-base/${encodeURIComponent(category)}/${encodeURIComponent(slug)}`,
}

/** Every query of the help centre, refetched after an admin's change. */
export const HELP_QUERIES = ['HelpFaq', 'HelpKnowledgeBase', 'HelpKbCategory', 'HelpKbArticle', 'HelpEditor']

/** The UI language as a help-centre locale (the server falls back to English per entry). */
export function useHelpLocale(): HelpLocale {
  return useLanguage()
}

/** Who may edit the help centre (manage Help: admins with the admin claim). */
export function useIsHelpAdmin(): boolean {
  return useAbility().can('manage', 'Help')
}

/** Which entries sit under which: questions under FAQ categories, articles under knowledge-base categories. */
export const CHILD_KIND: Partial<Record<HelpEntryKind, HelpEntryKind>> = { faqCategory: 'faqQuestion', kbCategory: 'kbArticle' }
