import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button, StyledButtonLink } from '../../../components/ui/button'
import { PasswordField } from '../../../components/ui/password-field'
import { TextField } from '../../../components/ui/text-field'
import { RequestPasswordResetDocument, ResetPasswordDocument } from '../graphql/password-reset.generated'
import { useMutation } from '@apollo/client/react'
import { WithApollo } from '../../../lib/apollo-provider'
import { type ErrorCode, errorCodeOf } from '../../../lib/error-code'
import { PATHS } from '../../../lib/paths'
import { firebasePasswordReset } from '../api/auth-api'
import { AuthLayout, StyledAuthFooter } from '../components/auth-layout'

/** /forgot-password: "request a link" without a token, "choose a new password" with ?token=. */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  return <WithApollo>{token ? <ResetPasswordForm token={token} /> : <RequestLinkForm />}</WithApollo>
}

function BackToLogin() {
  const { t } = useTranslation()
  return (
    <StyledAuthFooter>
      <Link to={PATHS.login}>{t('auth.forgot.backToLogin')}</Link>
    </StyledAuthFooter>
  )
}

function RequestLinkForm() {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<ErrorCode | null>(null)
  const [requestReset, { loading: requesting }] = useMutation(RequestPasswordResetDocument)
  const [asking, setAsking] = useState(false)
  const loading = requesting || asking

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setError(null)
    const address = email.trim()
    // AUTH_PROVIDER=firebase: Firebase mails its own link (null in local mode).
    setAsking(true)
    const viaFirebase = await firebasePasswordReset(address)
    setAsking(false)
    if (viaFirebase === 'sent') return setSentTo(address)
    if (viaFirebase === 'invalid') return setError('BAD_USER_INPUT')
    if (viaFirebase === 'network') return setError('NETWORK')
    try {
      await requestReset({ variables: { email: address } })
      setSentTo(address)
    } catch (caught) {
      setError(errorCodeOf(caught))
    }
  }

  return (
    <AuthLayout title={t('routes.forgotPassword')} subtitle={sentTo ? undefined : t('auth.forgot.subtitle')}>
      {sentTo ? (
        <Alert variant="success" testId="reset-link-sent">
          {t('auth.forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit}>
          {error ? <Alert testId="forgot-alert">{t(`errors.${error}`)}</Alert> : null}
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="forgot-email"
          />
          <Button type="submit" block disabled={loading} aria-busy={loading} data-testid="forgot-submit">
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      <BackToLogin />
    </AuthLayout>
  )
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [mismatch, setMismatch] = useState(false)
  const [error, setError] = useState<ErrorCode | null>(null)
  const [done, setDone] = useState(false)
  const [resetPassword, { loading }] = useMutation(ResetPasswordDocument)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setError(null)
    const differs = password !== confirm
    setMismatch(differs)
    if (differs) return
    try {
      await resetPassword({ variables: { token, password } })
      setDone(true)
    } catch (caught) {
      setError(errorCodeOf(caught))
    }
  }

  if (done) {
    return (
      <AuthLayout title={t('routes.resetPassword')}>
        <Alert variant="success" testId="reset-done">
          {t('auth.reset.success')}
        </Alert>
        <StyledButtonLink to={PATHS.login} data-testid="reset-login-link">
          {t('auth.forgot.backToLogin')}
        </StyledButtonLink>
      </AuthLayout>
    )
  }

  const weak = error === 'WEAK_PASSWORD'
  return (
    <AuthLayout title={t('routes.resetPassword')} subtitle={t('auth.reset.subtitle')}>
      <form noValidate onSubmit={handleSubmit}>
        {error && !weak ? (
          <Alert testId="reset-alert">
            {t(`errors.${error}`)} {error === 'INVALID_TOKEN' ? <Link to={PATHS.forgotPassword}>{t('auth.reset.requestNew')}</Link> : null}
          </Alert>
        ) : null}
        <PasswordField
          label={t('auth.reset.password')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={weak ? [t('errors.WEAK_PASSWORD')] : []}
          data-testid="reset-password"
        />
        <PasswordField
          label={t('auth.reset.confirm')}
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          errors={mismatch ? [t('auth.reset.mismatch')] : []}
          data-testid="reset-confirm"
        />
        <Button type="submit" block disabled={loading} aria-busy={loading} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </Button>
      </form>
      <BackToLogin />
    </AuthLayout>
  )
}
