import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { connectionOf } from '../../graphql/connection'
import type { NamedAuditRow } from './audit.service'

const AuditEntryRef = builder.objectRef<NamedAuditRow>('AuditEntry').implement({
  extensions: guardedByParent,
  description: 'One change an admin or reseller made to a user, licence or plan, or an admin made to the help centre.',
  fields: (t) => ({
    id: t.id({ resolve: (e) => String(e.id) }),
    actorId: t.id({ nullable: true, description: 'Null once the actor was deleted.', resolve: (e) => (e.actorId === null ? null : String(e.actorId)) }),
    actorName: t.string({ nullable: true, description: "The actor's username; null once the actor was deleted.", resolve: (e) => e.actorName }),
    actorRole: t.exposeString('actorRole'),
    action: t.exposeString('action', { description: 'entity.verb, e.g. user.update, licence.revoke.' }),
    entity: t.exposeString('entity', {
      description: 'user, licence, plan, pricingQuestion, feedbackReport, faqCategory, faqQuestion, kbCategory or kbArticle.',
    }),
    entityId: t.exposeString('entityId'),
    targetName: t.string({
      nullable: true,
      description: "What the entry was done to, by name: a user's username, a plan's name, a licence's masked key; null for other entities or once deleted.",
      resolve: (e) => e.targetName,
    }),
    before: t.string({ nullable: true, description: 'The changed fields before, as JSON.', resolve: (e) => (e.before ? JSON.stringify(e.before) : null) }),
    after: t.string({ nullable: true, description: 'The changed fields after, as JSON.', resolve: (e) => (e.after ? JSON.stringify(e.after) : null) }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
})

const AuditConnectionRef = connectionOf<NamedAuditRow>('AuditEntry', AuditEntryRef, 'Exact number of entries matching the filters.')

builder.queryField('auditLog', (t) =>
  t.field({
    authScopes: { can: ['manage', 'AuditLog'] },
    type: AuditConnectionRef,
    description: 'Admins only: the audit log, newest first.',
    args: {
      first: t.arg.int({ defaultValue: 20 }),
      after: t.arg.string(),
      entity: t.arg.string({ description: 'user, licence, plan, pricingQuestion, feedbackReport, faqCategory, faqQuestion, kbCategory or kbArticle.' }),
      entityId: t.arg.string(),
      actorId: t.arg.id(),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.audit.list({ ...args, actorId: args.actorId === null || args.actorId === undefined ? null : String(args.actorId) }),
  }),
)
