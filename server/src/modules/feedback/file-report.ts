import { AppError } from '../../errors'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { parseInput as parse } from '../../validation'
import { fileInput, type FeedbackDeps, type FeedbackReportView, type FileReportInput } from './feedback-deps'
import { feedbackReports, type ExcerptLine } from './feedback.tables'
import { visible } from './report-query'

/** A client files a report about a channel of theirs, with chat lines copied from the chat history. */
export async function file(deps: FeedbackDeps, principal: Principal | null, input: FileReportInput): Promise<FeedbackReportView> {
  const { db, channels, chat } = deps
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
  const at = deps.now()
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
  deps.onChanged?.()
  return visible(db, scope, row!.id)
}
