import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledFieldRow } from '../../../components/ui/form-grid'
import { Dialog } from '../../../components/ui/dialog'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { SelectField } from '../../../components/ui/select-field'
import { TextAreaField } from '../../../components/ui/text-area-field'
import type { FeedbackReportFieldsFragment } from '../graphql/feedback.generated'
import type { FeedbackStatus } from '../../../gql/types'
import {
  AddFeedbackReportNoteDocument,
  AssignFeedbackReportDocument,
  FeedbackTriageDocument,
  ReplyToFeedbackReportDocument,
  SetFeedbackReportStatusDocument,
} from '../graphql/triage.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { formatWhen, MAX_TEXT_LENGTH, STATUSES } from '../lib'
import { ReportView, StyledMeta } from './report-view'

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`

const StyledNotes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => `${theme.space.sm} 0`};
    border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`

/** An admin's triage of one report: status, assignee, the reply the client sees, internal notes. */
export function TriageDialog({
  report,
  onClose,
  onChanged,
}: {
  report: FeedbackReportFieldsFragment
  onClose: () => void
  onChanged: (report: FeedbackReportFieldsFragment | null) => void
}) {
  const { t, i18n } = useTranslation('feedback')
  const errorText = useErrorText()
  const triage = useQuery(FeedbackTriageDocument, { variables: { id: report.id }, fetchPolicy: 'network-only' })
  const [status, setStatus] = useState<FeedbackStatus>(report.status)
  const [assignee, setAssignee] = useState(report.assigneeId ?? '')
  const [reply, setReply] = useState(report.reply ?? '')
  const [note, setNote] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState(false)
  const [setStatusMutation, statusState] = useMutation(SetFeedbackReportStatusDocument)
  const [assign, assignState] = useMutation(AssignFeedbackReportDocument)
  const [saveReply, replyState] = useMutation(ReplyToFeedbackReportDocument)
  const [addNote, noteState] = useMutation(AddFeedbackReportNoteDocument)
  const busy = statusState.loading || assignState.loading || replyState.loading || noteState.loading

  /** Runs one change; the dialog then shows the report as the server answered it. */
  async function run(event: FormEvent, action: () => Promise<FeedbackReportFieldsFragment | null>) {
    event.preventDefault()
    setError(null)
    setNotice(false)
    try {
      const updated = await action()
      setNotice(true)
      onChanged(updated)
    } catch (e) {
      setError(e)
    }
  }

  return (
    <Dialog open title={t('admin.triage', { id: report.id })} onClose={onClose} busy={busy} placement="side" testId="feedback-triage">
      {error ? <Alert testId="feedback-triage-error">{errorText(error)}</Alert> : null}
      {notice ? (
        <Alert variant="success" testId="feedback-triage-saved">
          {t('admin.saved')}
        </Alert>
      ) : null}
      <ReportView report={report} showReporter />

      <StyledForm
        onSubmit={(e) => void run(e, async () => (await setStatusMutation({ variables: { id: report.id, status } })).data?.setFeedbackReportStatus ?? null)}
      >
        <StyledFieldRow>
          <SelectField label={t('admin.status')} name="status" value={status} onChange={(e) => setStatus(e.target.value as FeedbackStatus)} data-autofocus>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={busy || status === report.status} data-testid="feedback-save-status">
            {t('admin.saveStatus')}
          </Button>
        </StyledFieldRow>
      </StyledForm>

      <StyledForm
        onSubmit={(e) =>
          void run(e, async () => (await assign({ variables: { id: report.id, assigneeId: assignee || null } })).data?.assignFeedbackReport ?? null)
        }
      >
        <StyledFieldRow>
          <SelectField label={t('admin.assign')} name="assignee" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <option value="">{t('admin.unassigned')}</option>
            {(triage.data?.feedbackAssignees ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.username}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={busy || assignee === (report.assigneeId ?? '')} data-testid="feedback-save-assignee">
            {t('admin.saveAssign')}
          </Button>
        </StyledFieldRow>
      </StyledForm>

      <StyledForm
        onSubmit={(e) => void run(e, async () => (await saveReply({ variables: { id: report.id, reply: reply.trim() } })).data?.replyToFeedbackReport ?? null)}
      >
        <TextAreaField
          label={t('admin.reply')}
          name="reply"
          rows={4}
          maxLength={MAX_TEXT_LENGTH}
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          hint={t('admin.replyHint')}
        />
        <div>
          <Button type="submit" disabled={busy || reply.trim().length === 0 || reply.trim() === (report.reply ?? '')} data-testid="feedback-save-reply">
            {t('admin.saveReply')}
          </Button>
        </div>
      </StyledForm>

      <StyledForm
        onSubmit={(e) =>
          void run(e, async () => {
            await addNote({ variables: { reportId: report.id, text: note.trim() } })
            setNote('')
            await triage.refetch()
            return null
          })
        }
      >
        <h3>{t('admin.notes')}</h3>
        <StyledMeta>{t('admin.notesHint')}</StyledMeta>
        {triage.error && !triage.data ? (
          <ErrorState error={triage.error} onRetry={() => void triage.refetch()} />
        ) : !triage.data ? (
          <LoadingState />
        ) : triage.data.feedbackReportNotes.length === 0 ? (
          <StyledMeta>{t('admin.noNotes')}</StyledMeta>
        ) : (
          <StyledNotes data-testid="feedback-notes">
            {triage.data.feedbackReportNotes.map((n) => (
              <li key={n.id}>
                <StyledMeta>
                  {n.authorName ?? '—'} · {formatWhen(n.createdAt, i18n.language)}
                </StyledMeta>
                {n.text}
              </li>
            ))}
          </StyledNotes>
        )}
        <TextAreaField label={t('admin.note')} name="note" rows={3} maxLength={MAX_TEXT_LENGTH} value={note} onChange={(e) => setNote(e.target.value)} />
        <div>
          <Button type="submit" variant="secondary" disabled={busy || note.trim().length === 0} data-testid="feedback-add-note">
            {t('admin.addNote')}
          </Button>
        </div>
      </StyledForm>
    </Dialog>
  )
}
