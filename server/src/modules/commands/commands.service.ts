import type { IncomingChat } from '../../platforms/types'
import { bindDeps } from '../../use-cases'
import type { ChannelRow } from '../channels/channels.tables'
import { createChatCommands } from './chat-commands'
import type { ChatHandler, ChatTurn } from './chat-turn'
import { commandByTrigger, countUse, createCommand, deleteCommand, enabledCommands, enabledCommandsOf, listCommands, updateCommand } from './command-queries'
import { insertCommand, patchCommand, removeCommand } from './command-store'
import type { CommandsDeps } from './commands-deps'
import { createCounters } from './counters'
import { createPlatformValues } from './platform-values'
import { createTemplateValues } from './template-values'
import { createTimer, deleteTimer, listTimers, timersOf, updateTimer } from './timers'

export { TRIGGER, type CommandInput } from './command-input'
export { MIN_TIMER_MINUTES, type CommandActor, type TimerInput } from './commands-deps'

/** Custom commands and timers of a channel (/pages/chatlist), validated and within the plan's limits. */
export function createCommandsService(deps: CommandsDeps) {
  const { db, channels, now } = deps
  const counters = createCounters({ db, channels, now })
  const values = deps.platforms ? createPlatformValues({ channels, platforms: deps.platforms, now }) : null
  const templateValues = createTemplateValues({ counters, values: values ?? { resolve: async () => ({}) } })
  const handlers: ChatHandler[] = []
  // The moderation module (listed after this one) keeps the regulars and answers through setRegulars.
  let isRegular: (channelId: number, login: string) => Promise<boolean> = async () => false

  /**
   * The bot's one hook per chat line: custom and mod commands first, then the other chat
   * modules (quotes, giveaways) in the order they registered; each sees every line.
   */
  async function onChat(chat: IncomingChat, turn: ChatTurn): Promise<void> {
    await runner.onCommand(chat, turn)
    for (const h of handlers) await h(chat, turn)
  }

  const service = {
    ...bindDeps(deps, {
      listCommands,
      listTimers,
      timersOf,
      createCommand,
      updateCommand,
      deleteCommand,
      createTimer,
      updateTimer,
      deleteTimer,
      countUse,
      insertCommand,
      patchCommand,
      removeCommand,
      commandByTrigger,
      enabledCommands,
      enabledCommandsOf,
    }),
    counters,
    onChat,
    /**
     * The counters and platform values a bot text reads (commands, timers, conversation answers:
     * one resolver, one cache); viewerId null when the text answers nobody (a timer).
     */
    templateValues,
    /** Platform calls made for reply variables so far (a warm cache makes none). */
    platformCalls: () => values?.stats.calls ?? 0,
    /** When a viewer followed (cached; undefined: the platform cannot say), for giveaway eligibility. */
    followedAt: (row: ChannelRow, viewerId: string) => (values ? values.followedAt(row, viewerId) : Promise.resolve(undefined)),
    /** Another chat module's handler (quotes, giveaways): called for every line after the commands. */
    addChatHandler: (h: ChatHandler) => void handlers.push(h),
    /** Who the channel's regulars are, for commands limited to them (the moderation module's list). */
    setRegulars: (check: (channelId: number, login: string) => Promise<boolean>) => {
      isRegular = check
    },
  }
  const runner = createChatCommands({
    commands: service,
    counters,
    templateValues,
    isRegular: (channelId, login) => isRegular(channelId, login),
  })
  return service
}

export type CommandsService = ReturnType<typeof createCommandsService>
