import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { mailOutbox } from '../../db/schema'

const OutboxMailRef = builder.objectRef<typeof mailOutbox.$inferSelect>('OutboxMail').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (m) => String(m.id) }),
    to: t.exposeString('to'),
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
})

builder.queryField('mailOutbox', (t) =>
  t.field({
    authScopes: { can: ['manage', 'MailOutbox'] },
    type: [OutboxMailRef],
    description: 'Mails the server would send, newest first (development; admins only).',
    args: { first: t.arg.int({ defaultValue: 20 }) },
    resolve: (_root, { first }, ctx) => ctx.services.mail.latest(Math.min(Math.max(first ?? 20, 1), 100)),
  }),
)
