import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { connectionOf } from '../../graphql/connection'
import type { NamedAuditRow } from './audit.service'

const AuditEntryRef = builder.objectRef<NamedAuditRow>('AuditEntry').implement({
  extensions: guardedByParent,
  description: 'One change an admin or reseller made to a user, licence or plan, or an admin made to the help centre.',
  fields: (t) => ({
    id: t.id({ description: 'The entry id (a decimal number as a string); higher is newer.', resolve: (e) => String(e.id) }),
    actorId: t.id({ nullable: true, description: 'Null once the actor was deleted.', resolve: (e) => (e.actorId === null ? null : String(e.actorId)) }),
    actorName: t.string({ nullable: true, description: "The actor's username; null once the actor was deleted.", resolve: (e) => e.actorName }),
    actorRole: t.exposeString('actorRole', { description: 'The actor’s role when acting: admin or reseller.' }),
    action: t.exposeString('action', { description: 'entity.verb, e.g. user.update, licence.revoke.' }),
    entity: t.exposeString('entity', {
      description: 'user, licence, plan, pricingQuestion, feedbackReport, faqCategory, faqQuestion, kbCategory or kbArticle.',
    }),
    entityId: t.exposeString('entityId', { description: 'The id of what was changed, as a string (e.g. `"42"`).' }),
    targetName: t.string({
      nullable: true,
      description: "What the entry was done to, by name: a user's username, a plan's name, a licence's masked key; null for other entities or once deleted.",
      resolve: (e) => e.targetName,
    }),
    before: t.string({ nullable: true, description: 'The changed fields before, as JSON.', resolve: (e) => (e.before ? JSON.stringify(e.before) : null) }),
    after: t.string({ nullable: true, description: 'The changed fields after, as JSON.', resolve: (e) => (e.after ? JSON.stringify(e.after) : null) }),
    at: t.expose('at', { type: 'DateTime', description: 'When it was done.' }),
  }),
})

const AuditConnectionRef = connectionOf<NamedAuditRow>('AuditEntry', AuditEntryRef, 'Exact number of entries matching the filters.')

builder.queryField('auditLog', (t) =>
  t.field({
    authScopes: { can: ['manage', 'AuditLog'] },
    type: AuditConnectionRef,
    description: 'Admins only: the audit log, newest first.',
    args: {
      first: t.arg.int({ defaultValue: 20, description: 'Entries per page, 1 to 100.' }),
      after: t.arg.string({ description: 'An `endCursor` of the previous page; omitted: from the newest.' }),
      entity: t.arg.string({ description: 'user, licence, plan, pricingQuestion, feedbackReport, faqCategory, faqQuestion, kbCategory or kbArticle.' }),
      entityId: t.arg.string({ description: 'Only the entries about this id (use with `entity`).' }),
      actorId: t.arg.id({ description: 'Only the entries made by this user.' }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.audit.list({ ...args, actorId: args.actorId === null || args.actorId === undefined ? null : String(args.actorId) }),
  }),
)
