import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { PasswordField } from '../../../components/ui/password-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import { takeSessionEndedNotice } from '../../../lib/api-fetch'
import { env } from '../../../lib/env'
import { errorCodeForStatus } from '../../../lib/error-code'
import { PATHS, landingPathForRole, safeRedirect } from '../../../lib/paths'
import { roleLabel } from '../../../lib/role-label'
import { translateServerMessage, translateServerMessages } from '../../../lib/server-messages'
import { saveSession } from '../../../lib/session'
import type { AuthPayload } from '../../../lib/session-types'
import { type FieldErrors, LOGIN_INVALID, type LoginField, login } from '../api/auth-api'
import { AuthLayout, StyledAuthFooter } from '../components/auth-layout'
import { TwoStepForm } from '../components/two-step-form'

export default function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const returnTo = safeRedirect(searchParams.get('redirect'))
  const toast = useToast()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<LoginField>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Sent here because the session could not be refreshed (lib/api-fetch.ts): say so, once.
  const [sessionEnded] = useState(takeSessionEndedNotice)
  // Set when the password was right and the account asks for a two-step code.
  const [challenge, setChallenge] = useState<string | null>(null)

  function signedIn(payload: AuthPayload, setupTwoStep: boolean) {
    const { userData } = payload
    const landing = landingPathForRole(userData.role)
    if (landing === PATHS.login) {
      setChallenge(null)
      setAlert(t('auth.login.noLanding'))
      return
    }
    saveSession(payload)
    toast.show({
      variant: 'success',
      title: t('auth.login.welcomeToast', { name: userData.fullName || userData.username }),
      message: t('auth.login.welcomeToastMessage', { role: roleLabel(t, userData.role) }),
    })
    // Admins and resellers that must use two-step verification set it up first. A sign-in that a
    // deep link asked for goes back there; the guard sends the role to its landing instead if
    // it may not open that page.
    if (setupTwoStep) void navigate(`${PATHS.accountSettings(userData.id)}?section=two-step`, { replace: true })
    else if (returnTo) void navigate(returnTo, { replace: true, state: { afterSignIn: landing } })
    else void navigate(landing, { replace: true })
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setFieldErrors({})
    setAlert(null)
    const result = await login(email.trim(), password)
    setBusy(false)

    if (result.ok) {
      signedIn(result.payload, result.setupTwoStep === true)
      return
    }
    if (result.kind === 'twoStep') setChallenge(result.token)
    else if (result.kind === 'fields') {
      // The spec puts "Email or Password is Invalid" under email, but it is about both fields:
      // said once, above the form, and no field marked as the wrong one.
      const { email: emailErrors, ...others } = result.errors
      const credentials = emailErrors?.includes(LOGIN_INVALID) ?? false
      setFieldErrors(credentials ? { ...others, email: emailErrors!.filter((m) => m !== LOGIN_INVALID) } : result.errors)
      if (credentials) setAlert(translateServerMessage(t, LOGIN_INVALID))
    } else if (result.kind === 'network') setAlert(t('errors.NETWORK'))
    else if (result.kind === 'provider') setAlert(t('auth.login.providerError', { code: result.code }))
    else setAlert(t(`errors.${errorCodeForStatus(result.status)}`))
  }

  return (
    <AuthLayout title={t('routes.login')} subtitle={`${t('auth.welcome', { title: env.appTitle })} ${t('auth.login.subtitle')}`}>
      {challenge ? (
        <TwoStepForm
          token={challenge}
          onSignedIn={(payload) => signedIn(payload, false)}
          onRestart={() => {
            setChallenge(null)
            setAlert(t('auth.twoStep.expired'))
          }}
        />
      ) : (
        <form noValidate onSubmit={handleSubmit} aria-describedby={alert ? 'login-alert' : undefined}>
          {sessionEnded && !alert ? (
            <Alert variant="info" testId="session-ended">
              {t('auth.login.sessionEnded')}
            </Alert>
          ) : null}
          {alert ? (
            <div id="login-alert">
              <Alert testId="login-alert">{alert}</Alert>
            </div>
          ) : null}
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            errors={translateServerMessages(t, fieldErrors.email)}
            data-testid="login-email"
          />
          <PasswordField
            label={t('auth.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            errors={translateServerMessages(t, fieldErrors.password)}
            labelAside={<Link to={PATHS.forgotPassword}>{t('auth.login.forgotPassword')}</Link>}
            data-testid="login-password"
          />
          <Button type="submit" block disabled={busy} aria-busy={busy} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
        </form>
      )}
      <StyledAuthFooter>
        {t('auth.login.noAccount')}{' '}
        <Link to={returnTo ? `${PATHS.register}?redirect=${encodeURIComponent(returnTo)}` : PATHS.register}>{t('auth.login.createAccount')}</Link>
      </StyledAuthFooter>
    </AuthLayout>
  )
}
