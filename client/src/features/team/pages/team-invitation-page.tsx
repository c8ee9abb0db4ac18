import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { BrandMark } from '../../../components/ui/brand-mark'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { StyledCenteredPage } from '../../../components/ui/centered-page'
import { LoadingState } from '../../../components/ui/loading-state'
import { StyledPageHeading } from '../../../components/ui/page-heading'
import { TeamAcceptDocument, TeamInvitationPreviewDocument } from '../graphql/team.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { WithApollo } from '../../../lib/apollo-provider'
import { useSession } from '../../../lib/use-session'
import { loginPathFor } from '../../../lib/paths'
import { useErrorText } from '../../../lib/use-error-text'

const StyledBox = styled(StyledCard)`
  width: min(34rem, 100%);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`

/**
 * /team/invitation?token=…: the link of an invitation mail. It shows the channel and the group;
 * signed in with the invited address, one button joins the team; otherwise it points to
 * registration (a new address) or sign-in, after which the same link accepts. Nothing happens
 * on opening it (mail scanners open links).
 */
export default function TeamInvitationPage({ title }: { title: string }) {
  return (
    <WithApollo>
      <Invitation title={title} />
    </WithApollo>
  )
}

function Invitation({ title }: { title: string }) {
  const { t } = useTranslation('team')
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const { signedIn } = useSession()
  const { data, loading, error } = useQuery(TeamInvitationPreviewDocument, { variables: { token }, skip: !token })
  const [accept, { loading: accepting }] = useMutation(TeamAcceptDocument)
  const [failure, setFailure] = useState<unknown>(null)
  const here = `/team/invitation?token=${encodeURIComponent(token)}`

  async function onAccept() {
    setFailure(null)
    try {
      const res = await accept({ variables: { token } })
      navigate(`/pages/chatboard?channel=${res.data?.acceptTeamInvitation.id ?? ''}`)
    } catch (e) {
      setFailure(e)
    }
  }

  const preview = data?.teamInvitation
  return (
    <StyledCenteredPage>
      <BrandMark />
      <StyledBox data-testid="team-invitation" aria-labelledby="page-title">
        <StyledPageHeading id="page-title">{title}</StyledPageHeading>
        {loading ? <LoadingState testId="team-invitation-loading" /> : null}
        {!token || error ? (
          <Alert variant="danger" testId="team-invitation-invalid">
            {error ? errorText(error) : t('invitation.noToken')}
          </Alert>
        ) : null}
        {preview ? (
          <>
            <p data-testid="team-invitation-text">
              {t('invitation.text', { channel: preview.channelName, group: t(`groups.${preview.group}`), email: preview.email })}
            </p>
            {failure ? (
              <Alert variant="danger" testId="team-invitation-error">
                {errorText(failure)}
              </Alert>
            ) : null}
            {signedIn ? (
              <Button onClick={() => void onAccept()} disabled={accepting} data-testid="team-invitation-accept">
                {t('invitation.accept')}
              </Button>
            ) : (
              <>
                <p>{t('invitation.signInFirst', { email: preview.email })}</p>
                <Link to={`/register?redirect=${encodeURIComponent(here)}`} data-testid="team-invitation-register">
                  {t('invitation.register')}
                </Link>
                <Link to={loginPathFor(here)} data-testid="team-invitation-login">
                  {t('invitation.login')}
                </Link>
              </>
            )}
          </>
        ) : null}
      </StyledBox>
    </StyledCenteredPage>
  )
}
