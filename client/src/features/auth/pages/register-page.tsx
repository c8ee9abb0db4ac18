import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { PasswordField } from '../../../components/ui/password-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import { errorCodeForStatus } from '../../../lib/error-code'
import { PATHS, landingPathForRole, loginPathFor, safeRedirect } from '../../../lib/paths'
import { roleLabel } from '../../../lib/role-label'
import { translateServerMessages } from '../../../lib/server-messages'
import { saveSession } from '../../../lib/session'
import { type FieldErrors, type RegisterField, register } from '../api/auth-api'
import { AuthLayout, StyledAuthFooter } from '../components/auth-layout'

export default function RegisterPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  // Where the new account goes afterwards, e.g. back to the team invitation it came from.
  const returnTo = safeRedirect(searchParams.get('redirect'))
  const toast = useToast()
  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<RegisterField>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setFieldErrors({})
    setAlert(null)
    const result = await register(username.trim(), email.trim(), password)
    setBusy(false)

    if (result.ok) {
      const { userData } = result.payload
      saveSession(result.payload)
      toast.show({
        variant: 'success',
        title: t('auth.login.welcomeToast', { name: userData.fullName || userData.username }),
        message: t('auth.login.welcomeToastMessage', { role: roleLabel(t, userData.role) }),
      })
      // Back to the page that sent the visitor here (a team invitation) as a fresh load, so that it
      // starts from the new session; otherwise the role's landing.
      if (returnTo) window.location.replace(returnTo)
      else void navigate(landingPathForRole(userData.role), { replace: true })
      return
    }
    if (result.kind === 'fields') setFieldErrors(result.errors)
    else {
      const reason =
        result.kind === 'network'
          ? t('errors.NETWORK')
          : result.kind === 'provider'
            ? result.code
            : t(`errors.${errorCodeForStatus(result.kind === 'status' ? result.status : 500)}`)
      setAlert(t('auth.register.failed', { message: reason }))
    }
  }

  return (
    <AuthLayout title={t('routes.register')} subtitle={t('auth.register.subtitle')}>
      <form noValidate onSubmit={handleSubmit}>
        {alert ? <Alert testId="register-alert">{alert}</Alert> : null}
        <TextField
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          errors={translateServerMessages(t, fieldErrors.username)}
          data-testid="register-username"
        />
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={translateServerMessages(t, fieldErrors.email)}
          data-testid="register-email"
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={translateServerMessages(t, fieldErrors.password)}
          data-testid="register-password"
        />
        <Button type="submit" block disabled={busy} aria-busy={busy} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </form>
      <StyledAuthFooter>
        {t('auth.register.haveAccount')} <Link to={returnTo ? loginPathFor(returnTo) : PATHS.login}>{t('auth.register.signIn')}</Link>
      </StyledAuthFooter>
    </AuthLayout>
  )
}
