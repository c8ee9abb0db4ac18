import { builder } from '../../graphql/builder'
import { guardedByParent } from '../../graphql/field-auth'
import type { PlatformResult } from '../../platforms/types'
import { ChannelRef } from '../channels/channels.schema'
import type { ChannelRow } from '../channels/channels.tables'
import type { FilterCount } from './moderation-log'
import type { ModerationLogRow, RegularRow } from './moderation.tables'
import { ModerationSettingsInput } from './settings-input.schema'

const ResultRef = builder.objectRef<PlatformResult>('ModerationResult').implement({
  extensions: guardedByParent,
  description: "The platform's answer to an undo (as it came).",
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    status: t.exposeInt('status'),
    message: t.exposeString('message'),
  }),
})

const RegularRef = builder.objectRef<RegularRow>('ModerationRegular').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    login: t.exposeString('login'),
    addedBy: t.exposeString('addedBy', { description: 'A moderator login (!regular add) or "dashboard".' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
})

const LogEntryRef = builder.objectRef<ModerationLogRow>('ModerationLogEntry').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (r) => String(r.id) }),
    at: t.expose('at', { type: 'DateTime' }),
    viewerLogin: t.exposeString('viewerLogin'),
    viewerName: t.exposeString('viewerName'),
    source: t.exposeString('source', { description: 'filter, moderator or nuke.' }),
    filter: t.exposeString('filter', { nullable: true }),
    moderator: t.exposeString('moderator', { nullable: true }),
    detail: t.exposeString('detail', { description: 'What tripped the filter (a domain, a count), or the nuke phrase.' }),
    excerpt: t.exposeString('excerpt', { description: 'The first 200 characters of the line.' }),
    action: t.exposeString('action', { description: 'warn (first offence: deleted and warned), delete, timeout or ban.' }),
    durationSeconds: t.exposeInt('durationSeconds', { nullable: true }),
    ok: t.exposeBoolean('ok'),
    status: t.exposeInt('status', { description: "The platform's HTTP status (0: unreachable)." }),
    answer: t.exposeString('answer', { description: "The platform's answer." }),
    undoable: t.boolean({ resolve: (r) => r.ok && !r.undoneAt && (r.action === 'timeout' || r.action === 'ban') }),
    undoneAt: t.expose('undoneAt', { type: 'DateTime', nullable: true }),
  }),
})

const LogPageRef = builder.objectRef<{ total: number; items: ModerationLogRow[] }>('ModerationLogPage').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    total: t.exposeInt('total'),
    items: t.field({ type: [LogEntryRef], resolve: (p) => p.items }),
  }),
})

const CountRef = builder.objectRef<FilterCount>('ModerationCount').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    filter: t.exposeString('filter'),
    count: t.exposeInt('count'),
    lastDay: t.exposeInt('lastDay', { description: "The filter's actions within the last 24 hours." }),
    lastWeek: t.exposeInt('lastWeek', { description: "The filter's actions within the last 7 days." }),
  }),
})

const NukeResultRef = builder.objectRef<{ messages: number; viewers: number }>('NukeResult').implement({
  extensions: guardedByParent,
  fields: (t) => ({ messages: t.exposeInt('messages'), viewers: t.exposeInt('viewers') }),
})

const PanelRef = builder.objectRef<ChannelRow>('ModerationPanel').implement({
  extensions: guardedByParent,
  description: 'Auto-moderation of a channel (/pages/Moderation).',
  fields: (t) => ({
    settings: t.field({
      type: 'JSON',
      description: 'The settings (see updateModerationSettings); the defaults until saved.',
      resolve: (c, _a, ctx) => ctx.services.moderation.settingsOf(c.id),
    }),
    rightsProblem: t.string({
      nullable: true,
      description: "The platform's last refusal of a moderation call for want of rights (403); null once a call succeeded.",
      resolve: (c, _a, ctx) => ctx.services.moderation.rightsProblem(c.id),
    }),
    botLogin: t.string({
      nullable: true,
      description: 'The login the bot speaks as (for the "/mod <bot>" hint).',
      resolve: async (c, _a, ctx) =>
        ((await ctx.services.channels.account(c.id, 'bot')) ?? (await ctx.services.channels.account(c.id, 'broadcaster')))?.login ?? null,
    }),
    regulars: t.field({ type: [RegularRef], resolve: (c, _a, ctx) => ctx.services.moderation.listRegulars(c.id) }),
    counts: t.field({ type: [CountRef], description: 'Actions per filter over the log.', resolve: (c, _a, ctx) => ctx.services.moderation.counts(c.id) }),
    log: t.field({
      type: LogPageRef,
      description: 'Newest first; search by viewer, filter by filter and action.',
      args: {
        search: t.arg.string(),
        filter: t.arg.string(),
        action: t.arg.string(),
        first: t.arg.int({ defaultValue: 20 }),
        offset: t.arg.int({ defaultValue: 0 }),
      },
      resolve: (c, args, ctx) => ctx.services.moderation.logPage(c.id, args),
    }),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  moderation: t.field({ authScopes: { token: 'moderation:read' }, type: PanelRef, resolve: (c) => c }),
}))

const NukeInput = builder.inputType('NukeInput', {
  fields: (t) => ({
    phrase: t.string({ required: true }),
    lookbackSeconds: t.int({ defaultValue: 60 }),
    timeoutSeconds: t.int({ defaultValue: 600 }),
  }),
})

builder.mutationFields((t) => ({
  updateModerationSettings: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: 'JSON',
    description:
      'Replaces the settings, all or nothing; returns them as stored. A value out of range is BAD_USER_INPUT naming its field by path (filters.caps.percent).',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel (one of the caller’s).' }),
      input: t.arg({ type: ModerationSettingsInput, required: true, description: 'The whole settings.' }),
    },
    resolve: (_r, a, ctx) => ctx.services.moderation.updateSettings(ctx.principal.userId, String(a.channelId), a.input),
  }),
  addModerationRegular: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: [RegularRef],
    args: { channelId: t.arg.id({ required: true }), login: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.moderation.addRegularOwned(ctx.principal.userId, String(a.channelId), a.login),
  }),
  removeModerationRegular: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: [RegularRef],
    args: { channelId: t.arg.id({ required: true }), login: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.moderation.removeRegularOwned(ctx.principal.userId, String(a.channelId), a.login),
  }),
  undoModerationAction: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: ResultRef,
    description: 'Lifts the timeout or ban of a log row.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.moderation.undo(ctx.principal.userId, String(a.id)),
  }),
  nukeChat: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: NukeResultRef,
    description: 'Removes recent lines containing the phrase and times their senders out (as !nuke).',
    args: { channelId: t.arg.id({ required: true }), input: t.arg({ type: NukeInput, required: true }) },
    resolve: (_r, a, ctx) =>
      ctx.services.moderation.nukeFromDashboard(ctx.principal.userId, String(a.channelId), {
        phrase: a.input.phrase,
        lookbackSeconds: a.input.lookbackSeconds ?? 60,
        timeoutSeconds: a.input.timeoutSeconds ?? 600,
      }),
  }),
}))
