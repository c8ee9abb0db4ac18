import type { ModeratedEvent } from '../chat/chat.service'
import type { ModerationCoreDeps } from './core-deps'
import { writeLog } from './moderation-log'

/**
 * A chatboard action (delete, timeout, ban) in the moderation log beside the automatic ones:
 * who acted (the dashboard user's name), the viewer and their line as the chat history has it,
 * the platform's answer. A timeout or ban is undoable from the log like any other.
 */
export async function recordManual(deps: ModerationCoreDeps, e: ModeratedEvent): Promise<void> {
  const line = await deps.chat.lineOf(e.channelId, { messageId: e.messageId, userId: e.userId })
  // Without the line (gone from the history), the platform's id stands in for the name.
  const viewerId = e.userId ?? line?.userId ?? ''
  await writeLog(deps, e.channelId, {
    chat: {
      userId: viewerId,
      userLogin: line?.userLogin ?? viewerId,
      userName: line?.userName ?? viewerId,
      text: line?.text ?? '',
      messageId: e.messageId ?? line?.platformMessageId ?? null,
    },
    source: 'moderator',
    moderator: e.actor,
    detail: e.reason,
    action: e.action,
    seconds: e.seconds,
    result: e.result,
    at: e.at,
  })
  if (e.result.ok && e.action === 'delete' && e.messageId) await deps.chat.markRemoved(e.channelId, [e.messageId])
}
