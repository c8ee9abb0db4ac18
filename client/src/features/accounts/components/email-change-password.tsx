import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../components/ui/password-field'
import { errorCodeOf } from '../../../lib/error-code'

/**
 * Shown once the sign-in e-mail in a form differs from the saved one: the password that
 * confirms the change (the user's own, or the admin's when editing someone else), with a
 * missing or wrong one from the server shown under it.
 */
export function EmailChangePassword({
  value,
  onChange,
  forOther,
  error,
}: {
  value: string
  onChange: (value: string) => void
  /** An admin changing another user's e-mail: asks for the admin's own password. */
  forOther: boolean
  /** The last save's failure, if any. */
  error: unknown
}) {
  const { t } = useTranslation('accounts')
  const { t: tShared } = useTranslation()
  return (
    <>
      <p>{forOther ? t('emailChange.introOther') : t('emailChange.intro')}</p>
      <PasswordField
        label={forOther ? t('emailChange.adminPassword') : t('password.current')}
        autoComplete="current-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        errors={emailPasswordErrors(error, t('password.wrongCurrent'), tShared('errors.PASSWORD_REQUIRED'))}
        data-testid="email-change-password"
      />
    </>
  )
}

/** The messages a save failure puts under the password field (none for other failures). */
export function emailPasswordErrors(error: unknown, wrong: string, missing: string): string[] {
  const code = error ? errorCodeOf(error) : null
  return code === 'INVALID_CREDENTIALS' ? [wrong] : code === 'PASSWORD_REQUIRED' ? [missing] : []
}

/** Whether a save failure is about the password (then it shows under the field, not again above). */
export const isPasswordProblem = (error: unknown) => emailPasswordErrors(error, 'x', 'x').length > 0
