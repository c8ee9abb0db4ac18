import { and, asc, count, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { parseInput as parse } from '../../validation'
import { decodeCursor, forwardPage, invalidCursor, type Connection } from '../../db/paging'
import { toId, toOptionalId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf, type Scope } from '../../permissions/scope'
import type { AuditService } from '../audit/audit.service'
import type { ChannelsService } from '../channels/channels.service'
import type { ChatService } from '../chat/chat.service'
import type { MailService } from '../mail/mail.service'
import {
  feedbackCategories,
  feedbackReportNotes,
  feedbackReports,
  feedbackStatuses,
  type ExcerptLine,
  type FeedbackCategory,
  type FeedbackNoteRow,
  type FeedbackReportRow,
  type FeedbackStatus,
} from './feedback.tables'

export const MAX_TEXT_LENGTH = 2000
export const MAX_EXCERPT_LINES = 20
export const MAX_PAGE_SIZE = 100
export const MAX_AGE_DAYS = 3650
const DAY_MS = 86_400_000

/** A report as one caller may see it: the assignee is an admin-side detail, null for anyone else. */
export interface FeedbackReportView extends FeedbackReportRow {
  reporterName: string
  assigneeName: string | null
}

export interface FeedbackNoteView extends FeedbackNoteRow {
  authorName: string | null
}

export interface FileReportInput {
  channelId: string | number
  category: string
  text: string
  excerptMessageIds?: ReadonlyArray<string | number> | null
}

export interface ListReportsArgs {
  first?: number | null
  after?: string | null
  status?: string | null
  channelId?: string | number | null
  platform?: string | null
  assigneeId?: string | number | null
  /** Only reports at least this many days old. */
  minAgeDays?: number | null
  /** Only reports at most this many days old. */
  maxAgeDays?: number | null
}

const longText = (field: string) =>
  z.string().trim().min(1, `The ${field} is empty`).max(MAX_TEXT_LENGTH, `The ${field} has at most ${MAX_TEXT_LENGTH} characters`)

const fileInput = z.object({
  category: z.enum(feedbackCategories, { message: `One of ${feedbackCategories.join(', ')}` }),
  text: longText('report'),
  excerptMessageIds: z
    .array(z.union([z.string(), z.number()]))
    .max(MAX_EXCERPT_LINES, `An excerpt has at most ${MAX_EXCERPT_LINES} lines`)
    .nullish(),
})

const statusInput = z.enum(feedbackStatuses, { message: `One of ${feedbackStatuses.join(', ')}` })
const platformInput = z.enum(['twitch', 'kick'], { message: 'twitch or kick' })
const ageInput = z.number().int().min(0).max(MAX_AGE_DAYS, `Between 0 and ${MAX_AGE_DAYS} days`)
const cursorShape = z.object({ id: z.number().int().positive() })

const statusLabel: Record<FeedbackStatus, string> = { open: 'open', in_progress: 'in progress', resolved: 'resolved' }

/**
 * Bot feedback reports: a client files one about a channel of theirs (with chat lines copied
 * from the chat history); admins triage it (status, assignee, internal notes, a reply the
 * client sees), every triage change audited in its transaction and a status change mailed to
 * the reporter through the outbox. Scope: admins all, a reseller their clients' (read-only),
 * a client their own; anything else reads as missing.
 */
export function createFeedbackService(deps: {
  db: Db
  now: () => Date
  audit: AuditService
  mail: MailService
  channels: ChannelsService
  chat: ChatService
  publicUrl: string
  /** Called after a change of the open count (the admin figures cache it). */
  onChanged?: () => void
}) {
  const { db, now, audit, mail, channels, chat } = deps
  const changed = () => deps.onChanged?.()
  const reporter = alias(users, 'reporter')
  const assignee = alias(users, 'assignee')

  /** Who sees what: admins all, a reseller the reports of their clients (and their own), anyone else their own. */
  function scopeFilter(scope: Scope): SQL | undefined {
    if (scope.kind === 'all') return undefined
    if (scope.kind === 'reseller') return or(eq(reporter.resellerId, scope.actorId), eq(feedbackReports.reporterId, scope.actorId))
    return eq(feedbackReports.reporterId, scope.actorId)
  }

  const view =
    (admin: boolean) =>
    (r: { report: FeedbackReportRow; reporterName: string; assigneeName: string | null }): FeedbackReportView => ({
      ...r.report,
      reporterName: r.reporterName,
      assigneeId: admin ? r.report.assigneeId : null,
      assigneeName: admin ? r.assigneeName : null,
    })

  function selectReports(h: Db = db) {
    return h
      .select({ report: feedbackReports, reporterName: reporter.username, assigneeName: assignee.username })
      .from(feedbackReports)
      .innerJoin(reporter, eq(reporter.id, feedbackReports.reporterId))
      .leftJoin(assignee, eq(assignee.id, feedbackReports.assigneeId))
  }

  async function visible(scope: Scope, id: number, h: Db = db): Promise<FeedbackReportView> {
    const [row] = await selectReports(h).where(and(eq(feedbackReports.id, id), scopeFilter(scope)))
    if (!row) throw new AppError('NOT_FOUND', 'Report not found')
    return view(scope.kind === 'all')(row)
  }

  async function file(principal: Principal | null, input: FileReportInput): Promise<FeedbackReportView> {
    const scope = scopeOf(principal)
    const channel = await channels.owned(scope.actorId, input.channelId)
    const parsed = parse(fileInput, input, 'input')
    const wanted = (parsed.excerptMessageIds ?? []).map((id) => toId(id, 'excerptMessageIds'))
    let excerpt: ExcerptLine[] = []
    if (wanted.length) {
      // Copied from the chat history the bot keeps (its last lines), so the report survives rotation.
      const history = await chat.recent(channel.id, Number.MAX_SAFE_INTEGER)
      const byId = new Map(history.map((m) => [Number(m.id), m]))
      const missing = wanted.filter((id) => !byId.has(id))
      if (missing.length) {
        const message = 'A chosen chat line is no longer in the chat history; choose again'
        throw new AppError('BAD_USER_INPUT', message, { excerptMessageIds: [message] })
      }
      excerpt = [...new Set(wanted)]
        .sort((a, b) => a - b)
        .map((id) => byId.get(id)!)
        .map((m) => ({ userName: m.userName, text: m.text, at: m.at, fromBot: m.fromBot }))
    }
    const at = now()
    const [row] = await db
      .insert(feedbackReports)
      .values({
        reporterId: scope.actorId,
        channelId: channel.id,
        platform: channel.platform,
        channelName: channel.displayName,
        category: parsed.category,
        text: parsed.text,
        excerpt,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: feedbackReports.id })
    changed()
    return visible(scope, row!.id)
  }

  async function list(principal: Principal | null, args: ListReportsArgs): Promise<Connection<FeedbackReportView>> {
    const scope = scopeOf(principal)
    const first = args.first ?? 20
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
      throw new AppError('BAD_USER_INPUT', `first must be between 1 and ${MAX_PAGE_SIZE}`, { first: [`Between 1 and ${MAX_PAGE_SIZE}.`] })
    }
    const where: Array<SQL | undefined> = [scopeFilter(scope)]
    if (args.status) where.push(eq(feedbackReports.status, parse(statusInput, args.status, 'status')))
    if (args.platform) where.push(eq(feedbackReports.platform, parse(platformInput, args.platform, 'platform')))
    const channelId = toOptionalId(args.channelId, 'channelId')
    if (channelId !== undefined) where.push(eq(feedbackReports.channelId, channelId))
    const assigneeId = toOptionalId(args.assigneeId, 'assigneeId')
    if (assigneeId !== undefined && scope.kind === 'all') where.push(eq(feedbackReports.assigneeId, assigneeId))
    const t = now().getTime()
    if (args.minAgeDays !== null && args.minAgeDays !== undefined) {
      where.push(lte(feedbackReports.createdAt, new Date(t - parse(ageInput, args.minAgeDays, 'minAgeDays') * DAY_MS)))
    }
    if (args.maxAgeDays !== null && args.maxAgeDays !== undefined) {
      where.push(gte(feedbackReports.createdAt, new Date(t - parse(ageInput, args.maxAgeDays, 'maxAgeDays') * DAY_MS)))
    }
    let before: number | undefined
    if (args.after) {
      const parsed = cursorShape.safeParse(decodeCursor(args.after))
      if (!parsed.success) throw invalidCursor()
      before = parsed.data.id
    }
    const filter = and(...where)
    const [rows, [counted]] = await Promise.all([
      selectReports()
        .where(before === undefined ? filter : and(filter, lt(feedbackReports.id, before)))
        .orderBy(desc(feedbackReports.id))
        .limit(first + 1),
      db.select({ n: count() }).from(feedbackReports).innerJoin(reporter, eq(reporter.id, feedbackReports.reporterId)).where(filter),
    ])
    const toView = view(scope.kind === 'all')
    return forwardPage(rows.map(toView), first, args.after, counted?.n ?? 0, (node) => ({ id: node.id }))
  }

  async function get(principal: Principal | null, id: string | number): Promise<FeedbackReportView> {
    return visible(scopeOf(principal), toId(id))
  }

  /** Runs an admin's triage change on one report in a transaction, with its audit entry. */
  async function triage(
    principal: Principal | null,
    id: string | number,
    change: (tx: Db, before: FeedbackReportRow, at: Date) => Promise<{ after: Partial<FeedbackReportRow>; action: string; mailed?: boolean } | null>,
  ): Promise<FeedbackReportView> {
    const scope = scopeOf(principal)
    requireAdmin(scope)
    const reportId = toId(id)
    const result = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(feedbackReports).where(eq(feedbackReports.id, reportId)).for('update')
      if (!before) throw new AppError('NOT_FOUND', 'Report not found')
      const at = now()
      const done = await change(tx, before, at)
      if (done) {
        await tx
          .update(feedbackReports)
          .set({ ...done.after, updatedAt: at })
          .where(eq(feedbackReports.id, reportId))
        const keys = Object.keys(done.after) as Array<keyof FeedbackReportRow>
        await audit.write(tx, principal!, [
          {
            action: done.action,
            entity: 'feedbackReport',
            entityId: reportId,
            before: Object.fromEntries(keys.map((k) => [k, before[k]])),
            after: done.after,
          },
        ])
      }
      return visible(scope, reportId, tx)
    })
    changed()
    return result
  }

  async function setStatus(principal: Principal | null, id: string | number, statusRaw: string): Promise<FeedbackReportView> {
    const status = parse(statusInput, statusRaw, 'status')
    return triage(principal, id, async (tx, before, at) => {
      if (before.status === status) return null
      const [to] = await tx.select({ email: users.email }).from(users).where(eq(users.id, before.reporterId))
      if (to) {
        const link = `${deps.publicUrl.replace(/\/$/, '')}/pages/Panel`
        const lines = [
          `Your report #${before.id} about the bot in ${before.channelName} is now ${statusLabel[status]}.`,
          ...(before.reply ? ['', 'Our reply:', before.reply] : []),
          '',
          `See your reports on the Bot-Panel: ${link}`,
        ]
        await mail.send({ to: to.email, subject: `Your bot report #${before.id} is ${statusLabel[status]}`, text: lines.join('\n') }, tx, principal!)
      }
      return { action: 'feedbackReport.status', after: { status, resolvedAt: status === 'resolved' ? at : null } }
    })
  }

  async function assign(principal: Principal | null, id: string | number, assigneeRaw: string | number | null | undefined): Promise<FeedbackReportView> {
    const assigneeId = toOptionalId(assigneeRaw, 'assigneeId') ?? null
    return triage(principal, id, async (tx, before) => {
      if (assigneeId !== null) {
        const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, assigneeId))
        if (target?.role !== 'admin') {
          const message = 'Reports are assigned to admins only'
          throw new AppError('BAD_USER_INPUT', message, { assigneeId: [message] })
        }
      }
      if (before.assigneeId === assigneeId) return null
      return { action: 'feedbackReport.assign', after: { assigneeId } }
    })
  }

  async function reply(principal: Principal | null, id: string | number, textRaw: string): Promise<FeedbackReportView> {
    const text = parse(longText('reply'), textRaw, 'reply')
    return triage(principal, id, async (_tx, before, at) => {
      if (before.reply === text) return null
      return { action: 'feedbackReport.reply', after: { reply: text, repliedAt: at } }
    })
  }

  async function notes(principal: Principal | null, reportId: string | number): Promise<FeedbackNoteView[]> {
    const scope = scopeOf(principal)
    requireAdmin(scope)
    const report = await visible(scope, toId(reportId, 'reportId'))
    const rows = await db
      .select({ note: feedbackReportNotes, authorName: users.username })
      .from(feedbackReportNotes)
      .leftJoin(users, eq(users.id, feedbackReportNotes.authorId))
      .where(eq(feedbackReportNotes.reportId, report.id))
      .orderBy(asc(feedbackReportNotes.id))
    return rows.map((r) => ({ ...r.note, authorName: r.authorName }))
  }

  async function addNote(principal: Principal | null, reportId: string | number, textRaw: string): Promise<FeedbackNoteView> {
    const scope = scopeOf(principal)
    requireAdmin(scope)
    const id = toId(reportId, 'reportId')
    const text = parse(longText('note'), textRaw, 'text')
    await visible(scope, id)
    const [row] = await db.insert(feedbackReportNotes).values({ reportId: id, authorId: scope.actorId, text, createdAt: now() }).returning()
    const [author] = await db.select({ username: users.username }).from(users).where(eq(users.id, scope.actorId))
    return { ...row!, authorName: author?.username ?? null }
  }

  /** The admins a report can be assigned to. */
  async function assignees(principal: Principal | null) {
    requireAdmin(scopeOf(principal))
    return db.select({ id: users.id, username: users.username }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.username))
  }

  /** Open reports, for the admin dashboards. */
  async function openCount(): Promise<number> {
    const [r] = await db.select({ n: count() }).from(feedbackReports).where(eq(feedbackReports.status, 'open'))
    return r?.n ?? 0
  }

  return { file, list, get, setStatus, assign, reply, notes, addNote, assignees, openCount }
}

export type FeedbackService = ReturnType<typeof createFeedbackService>
export type { FeedbackCategory, FeedbackStatus }
