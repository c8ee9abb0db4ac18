import { bindDeps } from '../../use-cases'
import { faq, faqData } from './faq'
import { editor } from './help-editor'
import type { HelpDeps } from './help.deps'
import { kbArticle, kbCategory, knowledgeBase } from './knowledge-base'
import { move } from './move-entry'
import { remove } from './remove-entry'
import { save } from './save-entry'

export { helpLocales, type HelpLocale } from './help.tables'
export {
  checkLocale,
  checkQuery,
  checkSlug,
  helpEntryKinds,
  localeFromHeader,
  type FaqCategory,
  type FaqData,
  type FaqQuestion,
  type HelpEditor,
  type HelpEditorEntry,
  type HelpEntryKind,
  type HelpText,
  type KbArticle,
  type KbArticleLink,
  type KbCategory,
} from './help-model'
export type { HelpEntryInput } from './help-inputs'

/** The help centre (FAQ and knowledge base): one use case per file over the deps. */
export function createHelpService(deps: HelpDeps) {
  return bindDeps(deps, { faq, faqData, knowledgeBase, kbCategory, kbArticle, editor, save, remove, move })
}

export type HelpService = ReturnType<typeof createHelpService>
