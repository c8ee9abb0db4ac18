import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { ChannelsService } from '../channels/channels.service'

/** What createCalendarService is given, and all its use cases share. */
export interface CalendarDeps {
  db: Db
  log: Logger
  now: () => Date
  channels: ChannelsService
  platforms: Platforms
  publicUrl: string
}
