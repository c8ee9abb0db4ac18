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
    ok: t.exposeBoolean('ok', { description: 'The platform did it.' }),
    status: t.exposeInt('status', { description: "The platform's HTTP status (0: unreachable)." }),
    message: t.exposeString('message', { description: "The platform's own words (may be empty)." }),
  }),
})

const RegularRef = builder.objectRef<RegularRow>('ModerationRegular').implement({
  extensions: guardedByParent,
  description: 'A regular: a viewer the filters leave alone when the settings exempt regulars.',
  fields: (t) => ({
    login: t.exposeString('login', { description: 'The viewer’s login (lower case).' }),
    addedBy: t.exposeString('addedBy', { description: 'A moderator login (!regular add) or "dashboard".' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When they were added.' }),
  }),
})

const LogEntryRef = builder.objectRef<ModerationLogRow>('ModerationLogEntry').implement({
  extensions: guardedByParent,
  description: 'A moderation action taken in a channel: by a filter, a moderator command or a nuke.',
  fields: (t) => ({
    id: t.id({ description: 'The log entry id (for `undoModerationAction`).', resolve: (r) => String(r.id) }),
    at: t.expose('at', { type: 'DateTime', description: 'When it was taken.' }),
    viewerLogin: t.exposeString('viewerLogin', { description: 'The viewer’s login.' }),
    viewerName: t.exposeString('viewerName', { description: 'The viewer’s display name.' }),
    source: t.exposeString('source', { description: 'filter, moderator or nuke.' }),
    filter: t.exposeString('filter', {
      nullable: true,
      description: 'source filter: which one (length, zalgo, caps, symbols, emotes, repetition, links, terms); null otherwise.',
    }),
    moderator: t.exposeString('moderator', { nullable: true, description: 'source moderator or nuke: the moderator’s login; null for filters.' }),
    detail: t.exposeString('detail', { description: 'What tripped the filter (a domain, a count), or the nuke phrase.' }),
    excerpt: t.exposeString('excerpt', { description: 'The first 200 characters of the line.' }),
    action: t.exposeString('action', { description: 'warn (first offence: deleted and warned), delete, timeout or ban.' }),
    durationSeconds: t.exposeInt('durationSeconds', { nullable: true, description: 'Timeouts: their length in seconds; null otherwise.' }),
    ok: t.exposeBoolean('ok', { description: 'The platform carried it out.' }),
    status: t.exposeInt('status', { description: "The platform's HTTP status (0: unreachable)." }),
    answer: t.exposeString('answer', { description: "The platform's answer." }),
    undoable: t.boolean({
      description: 'A timeout or ban that worked and was not lifted yet.',
      resolve: (r) => r.ok && !r.undoneAt && (r.action === 'timeout' || r.action === 'ban'),
    }),
    undoneAt: t.expose('undoneAt', { type: 'DateTime', nullable: true, description: 'When it was lifted from the dashboard; null: not lifted.' }),
  }),
})

const LogPageRef = builder.objectRef<{ total: number; items: ModerationLogRow[] }>('ModerationLogPage').implement({
  extensions: guardedByParent,
  description: 'A page of the moderation log.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Entries matching over all pages.' }),
    items: t.field({ type: [LogEntryRef], description: 'The entries of this page, newest first.', resolve: (p) => p.items }),
  }),
})

const CountRef = builder.objectRef<FilterCount>('ModerationCount').implement({
  extensions: guardedByParent,
  description: 'How often one filter acted.',
  fields: (t) => ({
    filter: t.exposeString('filter', { description: 'The filter: length, zalgo, caps, symbols, emotes, repetition, links or terms.' }),
    count: t.exposeInt('count', { description: 'Its actions over the whole log.' }),
    lastDay: t.exposeInt('lastDay', { description: "The filter's actions within the last 24 hours." }),
    lastWeek: t.exposeInt('lastWeek', { description: "The filter's actions within the last 7 days." }),
  }),
})

const NukeResultRef = builder.objectRef<{ messages: number; viewers: number }>('NukeResult').implement({
  extensions: guardedByParent,
  description: 'What a nuke did.',
  fields: (t) => ({
    messages: t.exposeInt('messages', { description: 'Chat lines that matched the phrase.' }),
    viewers: t.exposeInt('viewers', { description: 'Viewers timed out (at most 100).' }),
  }),
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
    regulars: t.field({ type: [RegularRef], description: 'The channel’s regulars.', resolve: (c, _a, ctx) => ctx.services.moderation.listRegulars(c.id) }),
    counts: t.field({ type: [CountRef], description: 'Actions per filter over the log.', resolve: (c, _a, ctx) => ctx.services.moderation.counts(c.id) }),
    log: t.field({
      type: LogPageRef,
      description: 'Newest first; search by viewer, filter by filter and action.',
      args: {
        search: t.arg.string({ description: 'Part of the viewer’s login or name (at most 100 characters).' }),
        filter: t.arg.string({ description: 'Only this filter’s actions, e.g. `links`.' }),
        action: t.arg.string({ description: 'Only this action: warn, delete, timeout or ban.' }),
        first: t.arg.int({ defaultValue: 20, description: 'Entries per page, 1 to 100.' }),
        offset: t.arg.int({ defaultValue: 0, description: 'Entries to skip, 0 to 100000.' }),
      },
      resolve: (c, args, ctx) => ctx.services.moderation.logPage(c.id, args),
    }),
  }),
})

builder.objectFields(ChannelRef, (t) => ({
  moderation: t.field({
    authScopes: { token: 'moderation:read' },
    type: PanelRef,
    description: 'The channel’s auto-moderation: settings, regulars, log.',
    resolve: (c) => c,
  }),
}))

const NukeInput = builder.inputType('NukeInput', {
  description: 'What to nuke: recent chat lines containing a phrase (moderators and the bot are spared).',
  fields: (t) => ({
    phrase: t.string({
      required: true,
      description: '2 to 100 characters, matched as whole words in any case (full-width and Cyrillic or Greek look-alike letters folded).',
    }),
    lookbackSeconds: t.int({ defaultValue: 60, description: 'How far back to look, 1 to 600 seconds.' }),
    timeoutSeconds: t.int({ defaultValue: 600, description: 'The senders’ timeout, 1 second to 2 weeks (1209600).' }),
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
    description: 'Adds a regular; answers the list.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      login: t.arg.string({ required: true, description: 'The viewer’s login.' }),
    },
    resolve: (_r, a, ctx) => ctx.services.moderation.addRegularOwned(ctx.principal.userId, String(a.channelId), a.login),
  }),
  removeModerationRegular: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: [RegularRef],
    description: 'Removes a regular; answers the list.',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      login: t.arg.string({ required: true, description: 'The viewer’s login.' }),
    },
    resolve: (_r, a, ctx) => ctx.services.moderation.removeRegularOwned(ctx.principal.userId, String(a.channelId), a.login),
  }),
  undoModerationAction: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: ResultRef,
    description: 'Lifts the timeout or ban of a log row.',
    args: { id: t.arg.id({ required: true, description: 'The log entry id (an undoable one).' }) },
    resolve: (_r, a, ctx) => ctx.services.moderation.undo(ctx.principal.userId, String(a.id)),
  }),
  nukeChat: t.withAuth({ signedIn: true, token: 'moderation:write' }).field({
    type: NukeResultRef,
    description: 'Removes recent lines containing the phrase and times their senders out (as !nuke).',
    args: {
      channelId: t.arg.id({ required: true, description: 'The channel id.' }),
      input: t.arg({ type: NukeInput, required: true, description: 'Phrase, look-back and timeout.' }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.moderation.nukeFromDashboard(ctx.principal.userId, String(a.channelId), {
        phrase: a.input.phrase,
        lookbackSeconds: a.input.lookbackSeconds ?? 60,
        timeoutSeconds: a.input.timeoutSeconds ?? 600,
      }),
  }),
}))
