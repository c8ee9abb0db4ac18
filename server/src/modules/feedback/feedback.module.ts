import type { AuditService } from '../audit/audit.service'
import type { ChannelsService } from '../channels/channels.service'
import type { ChatService } from '../chat/chat.service'
import type { MailService } from '../mail/mail.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createFeedbackService } from './feedback.service'
import './feedback.schema'

type Needs = Core & { audit: AuditService; mail: MailService; channels: ChannelsService; chat: ChatService }

/** Bot feedback reports: filed from the Bot-Panel, triaged by admins (audited, mailed to the reporter). */
export const feedbackModule = defineModule({
  name: 'feedback',
  services: (d: Needs) => ({
    feedback: createFeedbackService({
      db: d.db,
      now: d.now,
      audit: d.audit,
      mail: d.mail,
      channels: d.channels,
      chat: d.chat,
      publicUrl: d.publicUrl,
      // The open reports count on the admin dashboard, here and in other processes.
      onChanged: () => d.invalidations.changed('feedback'),
    }),
  }),
})
