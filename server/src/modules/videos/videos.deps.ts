import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { ChannelsService } from '../channels/channels.service'

/** What createVideosService is given. */
export interface VideosOptions {
  db: Db
  log: Logger
  now: () => Date
  channels: ChannelsService
  platforms: Platforms
  /** Waits between polls of a new clip (tests pass one that moves their clock). */
  sleep?: (ms: number) => Promise<void>
  clipPollMs?: number
}

/** What the videos' use cases share: the options with the wait settled, and the syncs running in this process. */
export interface VideosDeps extends VideosOptions {
  sleep: (ms: number) => Promise<void>
  running: Map<number, Promise<{ requests: number; rows: number }>>
}
