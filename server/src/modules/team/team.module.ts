import type { ChannelsService } from '../channels/channels.service'
import type { MailService } from '../mail/mail.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createTeamService } from './team.service'
import './team.schema'

/**
 * A channel's team (issue 31, docs/features/team.md): members with permission groups, e-mail
 * invitations through the outbox, and the reading of the channel's log. Who may do what on a
 * channel is decided in one place, `channels.access` (channels/access.ts).
 */
export const teamModule = defineModule({
  name: 'team',
  services: ({ config, db, now, publicUrl, channels, mail }: Core & { channels: ChannelsService; mail: MailService }) => ({
    team: createTeamService({ db, now, channels, mail, publicUrl, invitationDays: config.TEAM_INVITATION_DAYS }),
  }),
})
