import { AppError } from '../../errors'
import type { PlatformResult } from '../../platforms/types'
import { platformAnswer, type ChatDeps, type ModerationInput } from './chat-deps'

const requiredId = (v: string | null | undefined, field: string) => {
  const s = (v ?? '').trim()
  if (!s || s.length > 100) throw new AppError('BAD_USER_INPUT', `${field} is required`, { [field]: [`${field} is required`] })
  return s
}

/**
 * The chatboard's delete / timeout / ban, as the broadcaster, answering what the platform said;
 * then the listeners (the moderation log) are told who did what. Their failure is logged, not
 * the caller's: the platform already acted.
 */
export async function moderate(
  deps: ChatDeps,
  userId: number,
  channelId: number | string,
  input: ModerationInput,
  actor = 'dashboard',
): Promise<PlatformResult> {
  const { channels, platforms } = deps
  const channel = await channels.access(userId, channelId, 'moderation', 'manage')
  const client = await platforms.of(channel)
  const reason = (input.reason ?? '').trim().slice(0, 500)
  let call: (as: Parameters<typeof client.ban>[0]) => Promise<PlatformResult>
  let seconds: number | null = null
  switch (input.action) {
    case 'delete': {
      const messageId = requiredId(input.messageId, 'messageId')
      call = (as) => client.deleteMessage(as, messageId)
      break
    }
    case 'timeout': {
      const user = requiredId(input.userId, 'userId')
      const d = input.durationSeconds ?? 600
      if (!Number.isInteger(d) || d < 1 || d > 1_209_600) {
        throw new AppError('BAD_USER_INPUT', 'A timeout lasts 1 second to 2 weeks', { durationSeconds: ['A timeout lasts 1 second to 2 weeks'] })
      }
      seconds = d
      call = (as) => client.ban(as, user, d, reason)
      break
    }
    case 'ban': {
      const user = requiredId(input.userId, 'userId')
      call = (as) => client.ban(as, user, null, reason)
      break
    }
    default:
      throw new AppError('BAD_USER_INPUT', 'Unknown moderation action')
  }
  const result = await platformAnswer(() => channels.actAs(channel.id, 'broadcaster', call))
  const event = {
    channelId: channel.id,
    actor: actor.slice(0, 100),
    action: input.action,
    messageId: input.messageId?.trim() || null,
    userId: input.userId?.trim() || null,
    seconds,
    reason,
    result,
    at: deps.now(),
  }
  for (const hook of deps.moderatedHooks) {
    await hook(event).catch((e: unknown) => deps.log.warn({ channelId: channel.id, err: (e as Error).message }, 'chat: a moderation listener failed'))
  }
  return result
}
