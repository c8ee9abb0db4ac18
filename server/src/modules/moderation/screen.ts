import { AppError } from '../../errors'
import type { IncomingChat } from '../../platforms/types'
import type { ChannelRow } from '../channels/channels.tables'
import { LOGIN, type ScreenIo } from './core-deps'
import { isModerator, type ModerationDeps } from './moderation-deps'
import { nuke, unnuke } from './nuke'
import type { FilterKind } from './settings'

/**
 * The bot's one call before the commands: a moderator's moderation command is run, any other
 * line goes through the filters. True: the line was taken (removed, or a moderation command),
 * so the bot does nothing more with it.
 */
export async function screen(deps: ModerationDeps, channel: ChannelRow, line: IncomingChat, io: ScreenIo): Promise<boolean> {
  const g = await deps.core.guardOf(channel.id)
  if (isModerator(line)) return moderatorCommand(deps, channel, line, io)
  const s = g.compiled.settings
  if (!s.enabled) return false
  const previous = g.previous.get(line.userId) ?? null
  g.previous.delete(line.userId)
  g.previous.set(line.userId, { text: line.text, at: io.now })
  if (g.previous.size > 5000) g.previous.delete(g.previous.keys().next().value!)
  const regular = g.regulars.has(line.userLogin.toLowerCase())
  const exempt = (k: FilterKind) => s.filters[k].exempt.some((level) => (level === 'regular' ? regular : line.roles.includes(level)))
  const screened = { userId: line.userId, text: line.text, emotes: line.emotes ?? 0, previous, at: io.now }
  let hit = g.compiled.check(screened, { skip: exempt })
  const login = line.userLogin.toLowerCase()
  if (hit?.filter === 'links' && (g.permits.get(login) ?? 0) >= io.now) {
    g.permits.delete(login) // one link per !permit
    await deps.core.usePermit(channel.id, login)
    hit = g.compiled.check(screened, { skip: (k) => k === 'links' || exempt(k) })
  }
  if (!hit) return false
  await deps.core.enforce(channel, line, g, hit, io)
  return true
}

async function moderatorCommand(deps: ModerationDeps, channel: ChannelRow, line: IncomingChat, io: ScreenIo): Promise<boolean> {
  const { core } = deps
  const [word = '', ...args] = line.text.trim().split(/\s+/)
  const by = line.userLogin
  try {
    switch (word.toLowerCase()) {
      case '!permit': {
        if (!args[0]) return true
        const parsed = LOGIN.safeParse(args[0])
        if (!parsed.success) {
          io.reply(`@${line.userName} ${parsed.error.issues[0]?.message ?? 'Usage: !permit <user>'}`)
          return true
        }
        const login = parsed.data
        const g = await core.guardOf(channel.id)
        const seconds = g.compiled.settings.filters.links.permitSeconds
        g.permits.set(login, io.now + seconds * 1000)
        await core.grantPermit(channel.id, login, io.now + seconds * 1000)
        io.reply(`@${login} may post one link in the next ${seconds} seconds.`)
        return true
      }
      case '!regular': {
        const [sub = '', who = ''] = args
        if (sub === 'add') io.reply(`@${await core.addRegular(channel.id, who, by)} is now a regular.`)
        else if (sub === 'remove')
          io.reply(
            (await core.removeRegular(channel.id, who)) ? `@${who.replace(/^@/, '')} is no longer a regular.` : `@${who.replace(/^@/, '')} was not a regular.`,
          )
        else io.reply('Usage: !regular add|remove <user>')
        return true
      }
      case '!nuke': {
        const nums: number[] = []
        while (args.length > 1 && /^\d+$/.test(args[args.length - 1]!)) nums.unshift(Number(args.pop()))
        const r = await nuke(deps, channel, { phrase: args.join(' '), lookbackSeconds: nums[0] ?? 60, timeoutSeconds: nums[1] ?? 600 }, by, io.now)
        io.reply(`Nuked ${r.messages} message(s) from ${r.viewers} viewer(s). !unnuke undoes it.`)
        return true
      }
      case '!unnuke': {
        const r = await unnuke(deps, channel, io.now)
        io.reply(r === null ? 'Nothing to unnuke.' : `Unnuked ${r} viewer(s).`)
        return true
      }
      default:
        return false
    }
  } catch (e) {
    if (e instanceof AppError) {
      io.reply(`@${line.userName} ${e.message}`)
      return true
    }
    throw e
  }
}
