import { eq } from 'drizzle-orm'
import type { IncomingChat, PlatformResult } from '../../platforms/types'
import type { ChannelRow } from '../channels/channels.tables'
import type { Guard, ModerationCoreDeps, ScreenIo } from './core-deps'
import type { Hit } from './filters'
import { decide } from './ladder'
import { writeLog } from './moderation-log'
import { moderationSettings } from './moderation.tables'
import type { PlatformAction } from './platform-actions'
import { filterReasons } from './settings'

/** A moderation call on the platform; a change in the channel's rights problem is stored. */
export async function perform(deps: ModerationCoreDeps, channel: ChannelRow, action: PlatformAction, now: number): Promise<PlatformResult> {
  const r = await deps.actions.perform(channel, action, now)
  const problem = r.status === 403 ? `${r.message}`.slice(0, 300) : r.ok ? null : undefined
  if (problem !== undefined && deps.rightsKnown.get(channel.id) !== problem) {
    deps.rightsKnown.set(channel.id, problem)
    await deps.db.update(moderationSettings).set({ rightsProblem: problem }).where(eq(moderationSettings.channelId, channel.id))
  }
  return r
}

function renderWarning(template: string, user: string, reason: string) {
  return template.replaceAll('${user}', user).replaceAll('${reason}', reason).slice(0, 500)
}

/** A filter hit: the ladder's step, the platform call, the warning within its cooldown, the log. */
export async function enforce(deps: ModerationCoreDeps, channel: ChannelRow, line: IncomingChat, g: Guard, hit: Hit, io: ScreenIo) {
  const s = g.compiled.settings
  const f = s.filters[hit.filter]
  const d = decide(f, g.offences.add(line.userId, io.now, s.escalationSeconds * 1000))
  const reason = filterReasons[hit.filter]
  const action: PlatformAction =
    d.action === 'delete'
      ? { kind: 'delete', messageId: line.messageId }
      : d.action === 'timeout'
        ? { kind: 'timeout', userId: line.userId, seconds: d.seconds!, reason: `Auto-moderation: ${reason}` }
        : { kind: 'ban', userId: line.userId, reason: `Auto-moderation: ${reason}` }
  const result = await perform(deps, channel, action, io.now)
  if (result.ok) await deps.chat.markRemoved(channel.id, [line.messageId])
  if (d.warn && s.warnTemplate && io.now - g.lastWarnAt >= s.warnCooldownSeconds * 1000) {
    g.lastWarnAt = io.now
    io.reply(renderWarning(s.warnTemplate, line.userName, reason))
  }
  await writeLog(deps, channel.id, {
    chat: line,
    source: 'filter',
    filter: hit.filter,
    detail: hit.detail,
    action: d.warn ? 'warn' : d.action,
    seconds: d.seconds,
    result,
    at: new Date(io.now),
  })
}
