import type { Principal } from '../../permissions/abilities'
import type { FeedbackDeps, FileReportInput, ListReportsArgs } from './feedback-deps'
import type { FeedbackCategory, FeedbackStatus } from './feedback.tables'
import { file } from './file-report'
import { get, list, openCount } from './list-reports'
import { addNote, assignees, notes } from './notes'
import { assign, reply, setStatus } from './triage'

export {
  MAX_AGE_DAYS,
  MAX_EXCERPT_LINES,
  MAX_PAGE_SIZE,
  MAX_TEXT_LENGTH,
  type FeedbackNoteView,
  type FeedbackReportView,
  type FileReportInput,
  type ListReportsArgs,
} from './feedback-deps'

type Id = string | number

/**
 * Bot feedback reports: a client files one about a channel of theirs (with chat lines copied
 * from the chat history); admins triage it (status, assignee, internal notes, a reply the
 * client sees), every triage change audited in its transaction and a status change mailed to
 * the reporter through the outbox. Scope: admins all, a reseller their clients' (read-only),
 * a client their own; anything else reads as missing.
 */
export function createFeedbackService(deps: FeedbackDeps) {
  return {
    file: (principal: Principal | null, input: FileReportInput) => file(deps, principal, input),
    list: (principal: Principal | null, args: ListReportsArgs) => list(deps, principal, args),
    get: (principal: Principal | null, id: Id) => get(deps, principal, id),
    setStatus: (principal: Principal | null, id: Id, statusRaw: string) => setStatus(deps, principal, id, statusRaw),
    assign: (principal: Principal | null, id: Id, assigneeRaw: string | number | null | undefined) => assign(deps, principal, id, assigneeRaw),
    reply: (principal: Principal | null, id: Id, textRaw: string) => reply(deps, principal, id, textRaw),
    notes: (principal: Principal | null, reportId: Id) => notes(deps, principal, reportId),
    addNote: (principal: Principal | null, reportId: Id, textRaw: string) => addNote(deps, principal, reportId, textRaw),
    assignees: (principal: Principal | null) => assignees(deps, principal),
    openCount: () => openCount(deps),
  }
}

export type FeedbackService = ReturnType<typeof createFeedbackService>
export type { FeedbackCategory, FeedbackStatus }
