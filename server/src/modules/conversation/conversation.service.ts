import { bindDeps } from '../../use-cases'
import { logPage, usage } from './answer-log'
import { modelAnswer, ruleAnswer } from './answers'
import { modelOf, type ConversationDeps, type ConversationServiceDeps } from './conversation-deps'
import { createRule, deleteRule, enabledRules, enabledRulesOf, listRules, updateRule } from './rules'
import { settingsOf, updateSettings } from './settings'

export {
  cutToLength,
  MAX_PAGE,
  MAX_PROMPT_LENGTH,
  MAX_RULES,
  MAX_SEARCH_LENGTH,
  monthStart,
  PLATFORM_MESSAGE_LENGTH,
  type ConversationSettingsShape,
  type LogQuery,
  type RuleInput,
  type SettingsInput,
} from './conversation-deps'

/**
 * The conversation bot of a channel (/pages/Conversation): rules, the owner's model settings,
 * the log and the plan's monthly answer limit. The bot worker asks `answerFor` only when the
 * channel's "conversation bot" module is on.
 */
export function createConversationService(given: ConversationServiceDeps) {
  const { pubsub } = given
  const deps: ConversationDeps = {
    ...given,
    monotonic: given.monotonic ?? (() => performance.now()),
    model: modelOf(given.config),
    changed: (channelId) => pubsub.publish('channelChanged', { channelId, what: 'conversation' }),
  }
  return {
    modelConfigured: deps.model !== null,
    modelName: deps.model?.model ?? null,
    ...bindDeps(deps, {
      listRules,
      createRule,
      updateRule,
      deleteRule,
      settingsOf,
      updateSettings,
      usage,
      logPage,
      modelAnswer,
      ruleAnswer,
      enabledRules,
      enabledRulesOf,
    }),
  }
}

export type ConversationService = ReturnType<typeof createConversationService>
