import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../../components/ui/button'
import { StyledInput } from '../../../../components/ui/form-control'
import { AssistantSendChatMessageDocument } from '../../graphql/chatboard.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../../lib/use-error-text'
import { MAX_MESSAGE_LENGTH } from '../../lib/template'

const StyledForm = styled.form`
  margin-top: ${({ theme }) => theme.space.lg};
`

const StyledLabel = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.heading};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`

const StyledRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`

const StyledFeedback = styled.p<{ $error: boolean }>`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`

type Feedback = { error: boolean; text: string } | null

/** Sends a line as the bot; shows the platform's answer, or why the server refused (e.g. the chat limit). */
export function SendBox({ channelId, sender, platform }: { channelId: string; sender: string; platform: string }) {
  const { t } = useTranslation('assistant')
  const errorText = useErrorText()
  const id = useId()
  const [text, setText] = useState('')
  const [feedback, setFeedback] = useState<Feedback>(null)
  const [send, { loading }] = useMutation(AssistantSendChatMessageDocument)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const message = text.trim()
    if (loading) return
    if (!message) {
      setFeedback({ error: true, text: t('chatboard.send.empty') })
      return
    }
    try {
      const { data } = await send({ variables: { channelId, message } })
      const result = data?.sendChatMessage
      if (result?.ok) {
        setText('')
        setFeedback({ error: false, text: t('chatboard.send.sent', { platform, answer: result.message }) })
      } else if (result) {
        setFeedback({ error: true, text: t('chatboard.platformRefused', { platform, status: result.status, answer: result.message }) })
      }
    } catch (error) {
      setFeedback({ error: true, text: errorText(error) })
    }
  }

  return (
    <StyledForm noValidate onSubmit={handleSubmit} data-testid="send-form">
      <StyledLabel htmlFor={id}>{t('chatboard.send.label', { sender })}</StyledLabel>
      <StyledRow>
        <StyledInput
          id={id}
          value={text}
          maxLength={MAX_MESSAGE_LENGTH}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          aria-describedby={feedback ? `${id}-feedback` : undefined}
          aria-invalid={feedback?.error || undefined}
          $invalid={feedback?.error ?? false}
          data-testid="send-input"
        />
        <Button type="submit" disabled={loading} aria-busy={loading} data-testid="send-submit">
          {loading ? t('chatboard.send.sending') : t('chatboard.send.submit')}
        </Button>
      </StyledRow>
      <StyledFeedback id={`${id}-feedback`} $error={feedback?.error ?? false} role={feedback?.error ? 'alert' : 'status'} data-testid="send-feedback">
        {feedback?.text ?? ''}
      </StyledFeedback>
    </StyledForm>
  )
}
