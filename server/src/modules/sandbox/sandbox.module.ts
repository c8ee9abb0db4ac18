import type { ChannelsService } from '../channels/channels.service'
import type { CommandsService } from '../commands/commands.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createSandboxService } from './sandbox.service'
import './sandbox.schema'

/** The sandbox channel: a local platform to try the assistant on. */
export const sandboxModule = defineModule({
  name: 'sandbox',
  services: ({ db, log, box, platforms, channels, commands }: Core & { channels: ChannelsService; commands: CommandsService }) => ({
    sandbox: createSandboxService({ db, log, box, platforms, channels, commands }),
  }),
})
