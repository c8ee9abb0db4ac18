import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { SelectField } from '../../../components/ui/select-field'
import { TextAreaField } from '../../../components/ui/text-area-field'
import type { FeedbackCategory } from '../../../gql/types'
import { FeedbackChatHistoryDocument, FileFeedbackReportDocument } from '../graphql/file-report.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { CATEGORIES, MAX_EXCERPT_LINES, MAX_TEXT_LENGTH } from '../lib'

const StyledLines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 14rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  label {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    cursor: pointer;
  }
`

const StyledFieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

export interface ReportChannel {
  id: string
  displayName: string
}

/** Picks up to MAX_EXCERPT_LINES lines of the channel's chat history (the bot keeps its last lines). */
function ExcerptPicker({ channelId, picked, onChange }: { channelId: string; picked: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('feedback')
  const { data, loading } = useQuery(FeedbackChatHistoryDocument, { variables: { channelId }, fetchPolicy: 'network-only' })
  const lines = data?.channel?.recentMessages ?? []
  const toggle = (id: string) => onChange(picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id])
  return (
    <StyledFieldset>
      <legend>{t('file.excerpt')}</legend>
      <StyledMuted>{t('file.excerptHint', { max: MAX_EXCERPT_LINES })}</StyledMuted>
      {loading && !data ? (
        <StyledMuted>{t('file.excerptLoading')}</StyledMuted>
      ) : lines.length === 0 ? (
        <StyledMuted>{t('file.excerptEmpty')}</StyledMuted>
      ) : (
        <StyledLines data-testid="feedback-excerpt-picker">
          {lines.map((line) => (
            <li key={line.id}>
              <label>
                <input type="checkbox" checked={picked.includes(line.id)} onChange={() => toggle(line.id)} />
                <span>
                  <b>{line.userName}:</b> {line.text}
                </span>
              </label>
            </li>
          ))}
        </StyledLines>
      )}
    </StyledFieldset>
  )
}

/** The "Report a problem" dialog: channel, category, text and an optional chat excerpt. */
export function ReportDialog({
  open,
  channels,
  onClose,
  onFiled,
}: {
  open: boolean
  channels: readonly ReportChannel[]
  onClose: () => void
  onFiled: () => void
}) {
  const { t } = useTranslation('feedback')
  const errorText = useErrorText()
  const [channelId, setChannelId] = useState(channels[0]?.id ?? '')
  const [category, setCategory] = useState<FeedbackCategory>('bug')
  const [text, setText] = useState('')
  const [picked, setPicked] = useState<string[]>([])
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<unknown>(null)
  const [file, { loading }] = useMutation(FileFeedbackReportDocument)

  const trimmed = text.trim()
  const textErrors = !touched
    ? []
    : trimmed.length === 0
      ? [t('file.textRequired')]
      : trimmed.length > MAX_TEXT_LENGTH
        ? [t('file.tooLong', { max: MAX_TEXT_LENGTH })]
        : []
  const excerptError = picked.length > MAX_EXCERPT_LINES ? t('file.tooMany', { max: MAX_EXCERPT_LINES }) : null

  async function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (!channelId || trimmed.length === 0 || trimmed.length > MAX_TEXT_LENGTH || excerptError) return
    setServerError(null)
    try {
      await file({ variables: { input: { channelId, category, text: trimmed, excerptMessageIds: picked } } })
      onFiled()
    } catch (e) {
      setServerError(e)
    }
  }

  return (
    <Dialog open={open} title={t('file.title')} onClose={onClose} busy={loading} testId="feedback-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {serverError ? <Alert testId="feedback-file-error">{errorText(serverError)}</Alert> : null}
        <SelectField
          label={t('file.channel')}
          value={channelId}
          onChange={(e) => {
            setChannelId(e.target.value)
            setPicked([])
          }}
          data-autofocus
          name="channel"
        >
          {channels.map((c) => (
            <option key={c.id} value={c.id}>
              {c.displayName}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('file.category')} value={category} onChange={(e) => setCategory(e.target.value as FeedbackCategory)} name="category">
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('file.text')}
          name="text"
          rows={5}
          value={text}
          maxLength={MAX_TEXT_LENGTH}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setTouched(true)}
          errors={textErrors}
          hint={t('file.textHint', { count: trimmed.length, max: MAX_TEXT_LENGTH })}
        />
        {channelId ? <ExcerptPicker key={channelId} channelId={channelId} picked={picked} onChange={setPicked} /> : null}
        {excerptError ? <Alert>{excerptError}</Alert> : null}
        <DialogFormActions submitLabel={t('file.submit')} onCancel={onClose} busy={loading} submitTestId="feedback-submit" />
      </form>
    </Dialog>
  )
}
