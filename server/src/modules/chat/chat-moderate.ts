import { AppError } from '../../errors'
import type { PlatformResult } from '../../platforms/types'
import { platformAnswer, type ChatDeps, type ModerationInput } from './chat-deps'

const requiredId = (v: string | null | undefined, field: string) => {
  const s = (v ?? '').trim()
  if (!s || s.length > 100) throw new AppError('BAD_USER_INPUT', `${field} is required`, { [field]: [`${field} is required`] })
  return s
}

/** The chatboard's delete / timeout / ban, as the broadcaster, answering what the platform said. */
export async function moderate({ channels, platforms }: ChatDeps, userId: number, channelId: number | string, input: ModerationInput): Promise<PlatformResult> {
  const channel = await channels.access(userId, channelId, 'moderation', 'manage')
  const client = await platforms.of(channel)
  const reason = (input.reason ?? '').trim().slice(0, 500)
  let call: (as: Parameters<typeof client.ban>[0]) => Promise<PlatformResult>
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
  return platformAnswer(() => channels.actAs(channel.id, 'broadcaster', call))
}
