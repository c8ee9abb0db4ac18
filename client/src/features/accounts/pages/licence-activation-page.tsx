import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { StyledDetails } from '../../../components/ui/details-list'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { TextField } from '../../../components/ui/text-field'
import type { AccountsLicenceFragment } from '../graphql/licences.generated'
import { AccountsActivateLicenceDocument } from '../graphql/licence-activation.generated'
import { AccountsUserDocument } from '../graphql/user.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { StyledTwoColumns } from '../components/layout'
import { UserLicenceFacts } from '../components/user-licence-facts'
import { useFormatters } from '../../../lib/format'
import { remainingOf } from '../lib/licence-time'
import { ACCOUNT_PATHS } from '../lib/paths'
import { useViewer } from '../lib/viewer'

const StyledKeyInput = styled.div`
  input {
    font-family: ${({ theme }) => theme.fonts.mono};
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
`

const StyledPackage = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.heading};
  margin-bottom: ${({ theme }) => theme.space.sm};
`

/** /pages/license-demo: the signed-in user enters a key; it is checked, activated and the package set. */
export default function LicenceActivationPage({ title }: { title: string }) {
  const { t } = useTranslation('accounts')
  const format = useFormatters()
  const errorText = useErrorText()
  const { user: me } = useViewer()
  const [key, setKey] = useState('')
  const [missing, setMissing] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [activated, setActivated] = useState<AccountsLicenceFragment | null>(null)
  const current = useQuery(AccountsUserDocument, { variables: { id: me?.id ?? '' }, skip: !me, fetchPolicy: 'cache-and-network' })
  const [activate, { loading }] = useMutation(AccountsActivateLicenceDocument)
  const user = current.data?.user
  const activatedRemaining = activated ? remainingOf(activated) : null

  // A running licence is replaced by the new key, which gets its remaining days (the server adds them): say so first.
  const runningDays = user && user.currentPlan !== 'None' && user.duration > 0 ? user.duration : 0
  const [confirming, setConfirming] = useState(false)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setError(null)
    setActivated(null)
    const value = key.trim()
    setMissing(!value)
    if (!value) return
    if (runningDays > 0) setConfirming(true)
    else void activateKey()
  }

  async function activateKey() {
    setConfirming(false)
    const value = key.trim()
    try {
      const result = await activate({ variables: { key: value }, refetchQueries: ['AccountsUser'], awaitRefetchQueries: true })
      if (result.data) {
        setActivated(result.data.activateLicence)
        setKey('')
      }
    } catch (caught) {
      setError(caught)
    }
  }

  return (
    <StyledStack>
      <PageHeader title={title} subtitle={t('activation.subtitle')} />
      <StyledTwoColumns>
        <Panel title={t('activation.current')} testId="current-licence">
          {current.loading && !user ? (
            <LoadingState />
          ) : user ? (
            <>
              <StyledPackage data-testid="current-package">{user.currentPlan === 'None' ? t('activation.noPackage') : user.currentPlan}</StyledPackage>
              <StyledDetails>
                <UserLicenceFacts user={user} />
              </StyledDetails>
            </>
          ) : (
            <p>{t('activation.noPackage')}</p>
          )}
          <p>
            <Link to={ACCOUNT_PATHS.pricing}>{t('activation.seePlans')}</Link>
          </p>
        </Panel>

        <Panel title={t('activation.enterKey')}>
          {activated ? (
            <Alert variant="success" testId="activation-success">
              <p>
                <strong>{t('activation.success')}</strong>
              </p>
              <p data-testid="activated-package">{t('activation.packageSet', { plan: activated.planName ?? '—' })}</p>
              {activatedRemaining?.kind === 'running' ? (
                <p>{t('activation.runsUntil', { days: activatedRemaining.daysLeft, date: format.date(activated.endsOn) })}</p>
              ) : null}
            </Alert>
          ) : null}
          {error ? <Alert testId="activation-error">{errorText(error)}</Alert> : null}
          <form noValidate onSubmit={handleSubmit}>
            <StyledKeyInput>
              <TextField
                label={t('fields.licenseKey')}
                name="licenseKey"
                autoComplete="off"
                spellCheck={false}
                placeholder="XXXX-XXXX-XXXX-XXXX"
                value={key}
                onChange={(e) => setKey(e.target.value)}
                errors={missing ? [t('validation.required')] : []}
                data-testid="activation-key"
              />
            </StyledKeyInput>
            <p>{t('activation.keyHelp')}</p>
            <Button type="submit" disabled={loading} aria-busy={loading} data-testid="activation-submit">
              {t('activation.submit')}
            </Button>
          </form>
        </Panel>
      </StyledTwoColumns>
      <ConfirmDialog
        open={confirming}
        title={t('activation.replaceTitle')}
        message={t('activation.replaceMessage', { plan: user?.currentPlan ?? '', days: runningDays })}
        confirmLabel={t('activation.replaceConfirm')}
        onConfirm={() => void activateKey()}
        onCancel={() => setConfirming(false)}
        testId="activation-replace-dialog"
        confirmTestId="activation-replace-confirm"
      />
    </StyledStack>
  )
}
