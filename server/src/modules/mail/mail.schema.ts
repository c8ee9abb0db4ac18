import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { mailOutbox } from '../../db/schema'

const OutboxMailRef = builder.objectRef<typeof mailOutbox.$inferSelect>('OutboxMail').implement({
  extensions: guardedByParent,
  description: 'A mail the server queued for sending (its outbox).',
  fields: (t) => ({
    id: t.id({ description: 'The mail id (a decimal number as a string).', resolve: (m) => String(m.id) }),
    to: t.exposeString('to', { description: 'The recipient’s e-mail address.' }),
    subject: t.exposeString('subject', { description: 'The subject line.' }),
    text: t.exposeString('text', { description: 'The plain-text body.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was queued.' }),
  }),
})

builder.queryField('mailOutbox', (t) =>
  t.field({
    authScopes: { can: ['manage', 'MailOutbox'] },
    type: [OutboxMailRef],
    description: 'Mails the server would send, newest first (development; admins only).',
    args: { first: t.arg.int({ defaultValue: 20, description: 'How many, newest first; kept between 1 and 100.' }) },
    resolve: (_root, { first }, ctx) => ctx.services.mail.latest(Math.min(Math.max(first ?? 20, 1), 100)),
  }),
)
