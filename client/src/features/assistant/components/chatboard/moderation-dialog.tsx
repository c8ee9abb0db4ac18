import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ConfirmActions } from '../../../../components/ui/confirm-actions'
import { Dialog } from '../../../../components/ui/dialog'
import { SelectField } from '../../../../components/ui/select-field'
import { TextField } from '../../../../components/ui/text-field'
import type { AssistantChatMessageFragment } from '../../graphql/chat.generated'
import { formatDuration } from '../../../../components/channel-page/format'
import type { ModerationKind } from './chat-log'

export const TIMEOUT_CHOICES = [60, 300, 600, 3600, 86_400, 604_800] as const

const StyledQuote = styled.blockquote`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.body};
  overflow-wrap: anywhere;
`

export interface ModerationRequest {
  kind: ModerationKind
  message: AssistantChatMessageFragment
}

export interface ModerationChoice {
  durationSeconds?: number
  reason?: string
}

/** Asks before a moderator action; a timeout picks its length, a timeout or ban may give a reason. */
export function ModerationDialog({
  request,
  platform,
  busy,
  onConfirm,
  onCancel,
}: {
  request: ModerationRequest | null
  platform: string
  busy: boolean
  onConfirm: (choice: ModerationChoice) => void
  onCancel: () => void
}) {
  const { t } = useTranslation('assistant')
  const kind = request?.kind ?? 'delete'
  const user = request?.message.userName ?? ''
  return (
    <Dialog open={request !== null} title={t(`chatboard.moderation.${kind}Title`, { user })} onClose={onCancel} busy={busy} testId="moderation-dialog">
      {request ? (
        <ModerationForm key={request.message.id + request.kind} request={request} platform={platform} busy={busy} onConfirm={onConfirm} onCancel={onCancel} />
      ) : null}
    </Dialog>
  )
}

function ModerationForm({
  request,
  platform,
  busy,
  onConfirm,
  onCancel,
}: {
  request: ModerationRequest
  platform: string
  busy: boolean
  onConfirm: (choice: ModerationChoice) => void
  onCancel: () => void
}) {
  const { t, i18n } = useTranslation('assistant')
  const [duration, setDuration] = useState<number>(600)
  const [reason, setReason] = useState('')
  const { kind, message } = request
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (busy) return
        onConfirm(kind === 'delete' ? {} : { durationSeconds: kind === 'timeout' ? duration : undefined, reason: reason.trim() || undefined })
      }}
    >
      <p>{t(`chatboard.moderation.${kind}Text`, { user: message.userName, platform })}</p>
      <StyledQuote>
        <strong>{message.userName}:</strong> {message.text}
      </StyledQuote>
      {kind === 'timeout' ? (
        <SelectField
          label={t('chatboard.moderation.duration')}
          value={duration}
          onChange={(event) => setDuration(Number(event.target.value))}
          data-testid="timeout-duration"
        >
          {TIMEOUT_CHOICES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {formatDuration(seconds, i18n.language)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind !== 'delete' ? (
        <TextField
          label={t('chatboard.moderation.reason')}
          hint={t('chatboard.moderation.reasonHint')}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          data-testid="moderation-reason"
        />
      ) : null}
      <ConfirmActions confirmLabel={t(`chatboard.moderation.${kind}Confirm`)} onCancel={onCancel} busy={busy} />
    </form>
  )
}
