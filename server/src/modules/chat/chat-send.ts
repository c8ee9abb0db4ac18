import { AppError } from '../../errors'
import type { PlatformResult } from '../../platforms/types'
import { MAX_MESSAGE_LENGTH } from '../commands/template'
import { platformAnswer, type ChatDeps } from './chat-deps'
import { recordSender } from './chat-senders'

/**
 * Sends as the bot now (the worker queues within the chat limit; the chatboard and the giveaways check it). Every
 * line is marked, so its echo in the chat is known as the bot's (`isBotEcho`) whoever sent it.
 */
export async function sendAsBot({ channels, platforms, echoes }: ChatDeps, channelId: number, text: string): Promise<PlatformResult> {
  const channel = await channels.byId(channelId)
  if (!channel) throw new AppError('NOT_FOUND', 'Channel not found')
  echoes.sending(channelId, text)
  let result: PlatformResult | null = null
  try {
    result = await platformAnswer(() => channels.actAs(channelId, 'sender', async (as) => (await platforms.of(channel)).sendChat(as, text)))
    return result
  } finally {
    echoes.sent(channelId, text, result?.ok ?? false, result?.id)
  }
}

/** Whether a chat line of the sender's account is the echo of a line sent as the bot from this process. */
export function isBotEcho({ echoes }: ChatDeps, channelId: number, messageId: string, text: string): boolean {
  return echoes.isEcho(channelId, messageId, text)
}

/**
 * Chatboard: a message from the owner or a team member who manages moderation, sent as the bot.
 * The line is kept as theirs (by the message id the platform answered), so the chatboard names
 * who sent it, never only the bot or the owner.
 */
export async function send(deps: ChatDeps, userId: number, channelId: number | string, textRaw: string): Promise<PlatformResult> {
  const channel = await deps.channels.access(userId, channelId, 'moderation', 'manage')
  const text = textRaw.trim()
  if (!text) throw new AppError('BAD_USER_INPUT', 'The message is empty', { message: ['The message is empty'] })
  if (text.length > MAX_MESSAGE_LENGTH) {
    const m = `The message has ${text.length} characters; the most is ${MAX_MESSAGE_LENGTH}`
    throw new AppError('BAD_USER_INPUT', m, { message: [m] })
  }
  const slot = await deps.limits.take(channel.id, deps.now().getTime())
  if (!slot.taken) {
    const seconds = Math.ceil(slot.waitMs / 1000)
    throw new AppError('RATE_LIMITED', `Chat limit reached (${slot.limit} messages per 30 s); try again in ${seconds} s`)
  }
  const result = await sendAsBot(deps, channel.id, text)
  if (result.ok && result.id) {
    // The platform has sent it: a failure here costs the label, not the answer.
    await recordSender(deps, channel.id, result.id, userId).catch((e: unknown) =>
      deps.log.warn({ channelId: channel.id, err: (e as Error).message }, 'chat: the sender of a chatboard line was not kept'),
    )
  }
  return result
}
