import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { BrandMark } from '../../../components/ui/brand-mark'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { StyledCenteredPage } from '../../../components/ui/centered-page'
import { StyledPageHeading } from '../../../components/ui/page-heading'
import { AccountsUndoEmailChangeDocument } from '../graphql/undo-email-change.generated'
import { useMutation } from '@apollo/client/react'
import { WithApollo } from '../../../lib/apollo-provider'
import { clearSession } from '../../../lib/session'
import { useErrorText } from '../../../lib/use-error-text'

const StyledBox = styled(StyledCard)`
  width: min(34rem, 100%);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`

/**
 * /account/undo-email-change?token=…: the link mailed to the old address after the sign-in
 * e-mail changed. Nothing happens on opening it (mail scanners open links); the button puts
 * the old address back and signs the account out everywhere, then points to a new password.
 */
export default function UndoEmailChangePage({ title }: { title: string }) {
  return (
    <WithApollo>
      <UndoEmailChange title={title} />
    </WithApollo>
  )
}

function UndoEmailChange({ title }: { title: string }) {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const [undo, { loading }] = useMutation(AccountsUndoEmailChangeDocument)
  const [outcome, setOutcome] = useState<{ kind: 'idle' } | { kind: 'done' } | { kind: 'error'; error: unknown }>({ kind: 'idle' })

  async function handleUndo() {
    try {
      await undo({ variables: { token } })
      // Every sign-in of the account ended: this browser's too.
      clearSession()
      setOutcome({ kind: 'done' })
    } catch (error) {
      setOutcome({ kind: 'error', error })
    }
  }

  return (
    <StyledCenteredPage>
      <BrandMark />
      <StyledBox data-testid="undo-email-change" aria-labelledby="page-title">
        <StyledPageHeading id="page-title">{title}</StyledPageHeading>
        {outcome.kind === 'done' ? (
          <>
            <Alert variant="success" testId="undo-email-done">
              {t('undoEmail.done')}
            </Alert>
            <p>{t('undoEmail.next')}</p>
            <Link to="/forgot-password" data-testid="undo-email-reset">
              {t('undoEmail.resetLink')}
            </Link>
          </>
        ) : !token ? (
          <Alert testId="undo-email-error">{t('undoEmail.missing')}</Alert>
        ) : (
          <>
            <p>{t('undoEmail.intro')}</p>
            {outcome.kind === 'error' ? <Alert testId="undo-email-error">{errorText(outcome.error)}</Alert> : null}
            <Button onClick={() => void handleUndo()} disabled={loading} aria-busy={loading} data-testid="undo-email-submit">
              {t('undoEmail.submit')}
            </Button>
          </>
        )}
      </StyledBox>
    </StyledCenteredPage>
  )
}
