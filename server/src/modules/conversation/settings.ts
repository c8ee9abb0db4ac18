import { eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import type { ChannelRow } from '../channels/channels.tables'
import { CONVERSATION_VARIABLES, templateProblems } from '../commands/template'
import { bad, MAX_PROMPT_LENGTH, type ConversationDeps, type ConversationSettingsShape, type SettingsInput } from './conversation-deps'
import { conversationSettings } from './conversation.tables'

export async function settingsOf({ db }: ConversationDeps, channelId: number): Promise<ConversationSettingsShape> {
  const [row] = await db.select().from(conversationSettings).where(eq(conversationSettings.channelId, channelId)).limit(1)
  return { modelEnabled: row?.modelEnabled ?? false, systemPrompt: row?.systemPrompt ?? '', fallbackAnswer: row?.fallbackAnswer ?? '' }
}

export async function updateSettings(deps: ConversationDeps, userId: number, channelId: number | string, input: SettingsInput): Promise<ChannelRow> {
  const { db, now } = deps
  const channel = await deps.channels.access(userId, channelId, 'conversation', 'manage')
  const fields: Record<string, string[]> = {}
  if (input.systemPrompt != null && input.systemPrompt.length > MAX_PROMPT_LENGTH) {
    fields.systemPrompt = [`A system prompt has at most ${MAX_PROMPT_LENGTH} characters`]
  }
  if (input.fallbackAnswer != null && input.fallbackAnswer.trim() !== '') {
    const problems = templateProblems(input.fallbackAnswer, CONVERSATION_VARIABLES)
    if (problems.length) fields.fallbackAnswer = problems
  }
  if (Object.keys(fields).length) throw bad(fields)
  if (input.modelEnabled === true && !deps.model) throw new AppError('MODEL_NOT_CONFIGURED', 'This server has no model endpoint configured')
  const set: Partial<typeof conversationSettings.$inferInsert> = {}
  if (input.modelEnabled != null) set.modelEnabled = input.modelEnabled
  if (input.systemPrompt != null) set.systemPrompt = input.systemPrompt
  if (input.fallbackAnswer != null) set.fallbackAnswer = input.fallbackAnswer.trim() ? input.fallbackAnswer : ''
  const before = await settingsOf(deps, channel.id)
  await db.transaction(async (tx) => {
    await tx
      .insert(conversationSettings)
      .values({ channelId: channel.id, ...set, updatedAt: now() })
      .onConflictDoUpdate({ target: conversationSettings.channelId, set: { ...set, updatedAt: now() } })
    const entry = { channelId: channel.id, actorId: userId, module: 'conversation' as const, action: 'settings.update' }
    await deps.channels.audit(tx, { ...entry, before: { ...before }, after: { ...before, ...set } })
  })
  deps.changed(channel.id)
  return channel
}
