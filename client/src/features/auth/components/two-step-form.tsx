import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { errorCodeForStatus } from '../../../lib/error-code'
import { type AuthPayload } from '../../../lib/session-types'
import { type FieldErrors, type TwoStepField, loginTwoStep } from '../api/auth-api'

/**
 * The second step of a sign-in (docs/features/sign-in.md): a code from the
 * authenticator app, or one of the recovery codes. An expired challenge goes back to the
 * password step.
 */
export function TwoStepForm({ token, onSignedIn, onRestart }: { token: string; onSignedIn: (payload: AuthPayload) => void; onRestart: () => void }) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<FieldErrors<TwoStepField>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setErrors({})
    setAlert(null)
    const result = await loginTwoStep(token, code.trim())
    setBusy(false)
    if (result.ok) onSignedIn(result.payload)
    else if (result.kind === 'fields')
      setErrors({ code: [t(result.errors.code?.[0]?.startsWith('Too many') ? 'auth.twoStep.tooMany' : 'auth.twoStep.invalid')] })
    else if (result.kind === 'status' && result.status === 401) onRestart()
    else setAlert(result.kind === 'network' ? t('errors.NETWORK') : t(`errors.${errorCodeForStatus(result.kind === 'status' ? result.status : 500)}`))
  }

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="two-step-form">
      {alert ? <Alert testId="two-step-alert">{alert}</Alert> : null}
      <p>{t('auth.twoStep.intro')}</p>
      <TextField
        label={t('auth.twoStep.code')}
        name="code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        errors={errors.code}
        hint={t('auth.twoStep.recoveryHint')}
        data-testid="two-step-code"
      />
      <Button type="submit" block disabled={busy} aria-busy={busy} data-testid="two-step-submit">
        {t('auth.twoStep.submit')}
      </Button>
    </form>
  )
}
