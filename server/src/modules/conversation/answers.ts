import { eq, sql } from 'drizzle-orm'
import type { ChannelRow } from '../channels/channels.tables'
import { MAX_MESSAGE_LENGTH } from '../commands/template'
import { record, withinLimit } from './answer-log'
import { cutToLength, PLATFORM_MESSAGE_LENGTH, type ConversationDeps } from './conversation-deps'
import { conversationRules, type ConversationRuleRow } from './conversation.tables'
import { askModel, ModelError } from './model-client'
import { settingsOf } from './settings'

type ChatLine = { userId: string; userName: string; text: string }

/**
 * Worker: the model's answer to a message addressed to the bot (no rule matched), or the
 * owner's fallback line when the model fails or is slow; logged. null: nothing to say.
 */
export async function modelAnswer(
  deps: ConversationDeps,
  channel: ChannelRow,
  chat: ChatLine,
  opts: { botName: string; fallback: (template: string) => Promise<string> },
): Promise<string | null> {
  const { model, monotonic } = deps
  const settings = await settingsOf(deps, channel.id)
  if (!model || !settings.modelEnabled) return null
  if (!(await withinLimit(deps, channel))) return null
  const max = PLATFORM_MESSAGE_LENGTH[channel.platform] ?? MAX_MESSAGE_LENGTH
  const system = [
    `You are ${opts.botName}, the chat bot of the ${channel.platform === 'kick' ? 'Kick' : 'Twitch'} channel ${channel.displayName}.`,
    `Answer the viewer in one short chat message of at most ${max} characters, in the viewer's language. Never pretend to be a person.`,
    settings.systemPrompt.trim(),
  ]
    .filter(Boolean)
    .join('\n')
  const started = monotonic()
  const asked = { channel, viewerId: chat.userId, viewerName: chat.userName, question: chat.text, ruleId: null }
  try {
    const raw = await askModel(model, [
      { role: 'system', content: system },
      { role: 'user', content: `${chat.userName}: ${chat.text}` },
    ])
    const latencyMs = monotonic() - started
    return await record(deps, { ...asked, answer: cutToLength(raw, max), source: 'model', latencyMs: () => latencyMs, error: null })
  } catch (e) {
    if (!(e instanceof ModelError)) throw e
    deps.log.warn({ channelId: channel.id, err: e.message }, 'conversation model failed; rule-based fallback')
    const answer = settings.fallbackAnswer.trim() ? cutToLength(await opts.fallback(settings.fallbackAnswer), max) : ''
    const latencyMs = monotonic() - started
    const said = await record(deps, { ...asked, answer, source: 'fallback', latencyMs: () => latencyMs, error: e.message })
    return said || null
  }
}

/** Worker: a rule's answer (rendered with its new use count), logged; null when the monthly limit is used up. */
export async function ruleAnswer(
  deps: ConversationDeps,
  channel: ChannelRow,
  rule: ConversationRuleRow,
  chat: ChatLine,
  render: (count: number) => string,
): Promise<string | null> {
  const started = deps.monotonic()
  return record(deps, {
    channel,
    viewerId: chat.userId,
    viewerName: chat.userName,
    question: chat.text,
    answer: async (tx) => {
      const [row] = await tx
        .update(conversationRules)
        .set({ useCount: sql`${conversationRules.useCount} + 1` })
        .where(eq(conversationRules.id, rule.id))
        .returning({ n: conversationRules.useCount })
      return cutToLength(render(row?.n ?? 0), PLATFORM_MESSAGE_LENGTH[channel.platform] ?? MAX_MESSAGE_LENGTH)
    },
    source: 'rule',
    ruleId: rule.id,
    latencyMs: () => deps.monotonic() - started,
    error: null,
  })
}
