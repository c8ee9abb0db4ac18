import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledFormGrid } from '../../../components/ui/form-grid'
import { PasswordField } from '../../../components/ui/password-field'
import { Switch } from '../../../components/ui/switch'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import {
  AccountsChangePasswordDocument,
  type AccountsSettingsFragment,
  AccountsUpdateGeneralDocument,
  AccountsUpdateInfoDocument,
  AccountsUpdateNotificationsDocument,
  AccountsUpdateSocialDocument,
} from '../graphql/account-settings.generated'
import { AccountsChangeEmailDocument } from '../graphql/change-email.generated'
import { useMutation } from '@apollo/client/react'
import { errorCodeOf } from '../../../lib/error-code'
import { saveSession } from '../../../lib/session'
import { parseAuthPayload } from '../../../lib/session-types'
import { useErrorText } from '../../../lib/use-error-text'
import { useFieldMessages } from '../lib/field-messages'
import { problemText } from '../lib/problems'
import {
  type GeneralForm,
  type InfoForm,
  NOTIFICATION_KEYS,
  type NotificationKey,
  SOCIAL_KEYS,
  type SocialForm,
  generalChanges,
  infoChanges,
  notificationChanges,
  socialChanges,
  validateGeneral,
  validateInfo,
  validateSocial,
} from '../lib/settings-forms'
import { type Problems, isClearlyWeakPassword } from '../lib/validation'
import { Avatar } from '../../../components/avatar'
import { EmailChangePassword, isPasswordProblem } from './email-change-password'
import { StyledFieldset } from './fieldset'

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`

const StyledAvatarRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
`

type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'unchanged' } | { kind: 'error'; error: unknown }

/** The outcome line of a section's form (announced politely). */
function SaveOutcome({ state }: { state: SaveState }) {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  if (state.kind === 'saved') {
    return (
      <Alert variant="success" testId="settings-saved">
        {t('settings.saved')}
      </Alert>
    )
  }
  if (state.kind === 'unchanged') return <Alert variant="info">{t('settings.unchanged')}</Alert>
  if (state.kind === 'error') return <Alert testId="settings-error">{errorText(state.error)}</Alert>
  return null
}

/** The foot of a settings tab: how the last save went and the save button. */
function SectionFooter({ state, busy }: { state: SaveState; busy: boolean }) {
  const { t } = useTranslation('accounts')
  return (
    <>
      <SaveOutcome state={state} />
      <StyledActions>
        <Button type="submit" disabled={busy} aria-busy={busy} data-testid="settings-submit">
          {t('common.saveChanges')}
        </Button>
      </StyledActions>
    </>
  )
}

interface SettingsFormOptions<F, I> {
  initial: () => F
  validate?: (form: F) => Problems<keyof F & string>
  /** What differs from the last saved values (an empty object: nothing to send). */
  changes: (before: F, after: F) => I
  /** Sends the changes; answers the values as saved. */
  save: (input: I) => Promise<F | undefined>
  busy: boolean
}

/**
 * The save cycle every settings tab shares: check the form, send only what changed, take
 * the server's answer as the new starting point, and say how it went.
 */
function useSettingsForm<F extends object, I extends object>({ initial, validate, changes, save, busy }: SettingsFormOptions<F, I>) {
  const { t } = useTranslation('accounts')
  const fieldMessages = useFieldMessages()
  const [saved, setSaved] = useState(initial)
  const [form, setForm] = useState(saved)
  const [problems, setProblems] = useState<Problems<keyof F & string>>({})
  const [state, setState] = useState<SaveState>({ kind: 'idle' })
  const serverError = state.kind === 'error' ? state.error : null

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const found = validate?.(form) ?? {}
    setProblems(found)
    if (Object.keys(found).length > 0) return
    const input = changes(saved, form)
    if (Object.keys(input).length === 0) {
      setState({ kind: 'unchanged' })
      return
    }
    try {
      const answer = await save(input)
      if (answer) {
        setSaved(answer)
        setForm(answer)
      }
      setState({ kind: 'saved' })
    } catch (caught) {
      setState({ kind: 'error', error: caught })
    }
  }

  const set = <K extends keyof F>(field: K, value: F[K]) => setForm((current) => ({ ...current, [field]: value }))
  const errorsOf = (field: keyof F & string) => [...problemText(t, problems[field]), ...fieldMessages(serverError, field)]
  return { form, set, problems, errorsOf, state, handleSubmit }
}

function generalFormOf(settings: AccountsSettingsFragment): GeneralForm {
  const { general } = settings
  return { avatar: general.avatar ?? '', username: general.username, fullName: general.fullName ?? '', email: general.email, company: general.company ?? '' }
}

function infoFormOf(settings: AccountsSettingsFragment): InfoForm {
  const { info } = settings
  return { bio: info.bio ?? '', dob: info.dob ?? '', country: info.country ?? '', website: info.website ?? '', phone: info.phone ?? '' }
}

function socialFormOf(settings: AccountsSettingsFragment): SocialForm {
  return Object.fromEntries(SOCIAL_KEYS.map((key) => [key, settings.social.socialLinks[key]])) as SocialForm
}

function flagsOf(settings: AccountsSettingsFragment): Record<NotificationKey, boolean> {
  return Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, settings.notification[key]])) as Record<NotificationKey, boolean>
}

interface SectionProps {
  settings: AccountsSettingsFragment
  /** null: the signed-in user's own settings. */
  userId: string | null
}

export function GeneralSection({ settings, userId }: SectionProps) {
  const { t } = useTranslation('accounts')
  const [save, { loading: saving }] = useMutation(AccountsUpdateGeneralDocument)
  const [changeEmail, { loading: changing }] = useMutation(AccountsChangeEmailDocument)
  // The sign-in e-mail changes only with the current password (an admin editing someone else gives their own).
  const [password, setPassword] = useState('')
  const loading = saving || changing
  const refetchQueries = userId ? ['AccountsSettings'] : ['AccountsSettings', 'Viewer']
  const { form, set, problems, errorsOf, state, handleSubmit } = useSettingsForm({
    initial: () => generalFormOf(settings),
    validate: validateGeneral,
    changes: generalChanges,
    busy: loading,
    // Own name or email changed: the menus re-read the signed-in user.
    save: async ({ email, ...rest }) => {
      let answer: GeneralForm | undefined
      if (email !== undefined && email !== null) {
        const changed = await changeEmail({ variables: { userId, email, currentPassword: password }, refetchQueries })
        // Every other sign-in ended; this device gets a fresh one.
        const payload = parseAuthPayload(changed.data?.changeEmail.auth)
        if (payload) saveSession(payload)
        setPassword('')
        answer = changed.data ? generalFormOf(changed.data.changeEmail.settings) : undefined
      }
      if (Object.keys(rest).length === 0) return answer
      const result = await save({ variables: { userId, input: rest }, refetchQueries })
      return result.data ? generalFormOf(result.data.updateAccountGeneral) : answer
    },
  })
  const emailChanged = form.email.trim().toLowerCase() !== settings.general.email.toLowerCase()
  const failure = state.kind === 'error' ? state.error : null

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-general">
      <StyledAvatarRow>
        <Avatar name={form.fullName || form.username} src={form.avatar && !problems.avatar ? form.avatar : null} large />
        <p>{t('settings.avatarHint')}</p>
      </StyledAvatarRow>
      <StyledFormGrid>
        <TextField
          label={t('fields.avatar')}
          type="url"
          value={form.avatar}
          onChange={(e) => set('avatar', e.target.value)}
          errors={errorsOf('avatar')}
          placeholder="https://…"
        />
        <TextField
          label={t('fields.username')}
          autoComplete="username"
          value={form.username}
          onChange={(e) => set('username', e.target.value)}
          errors={errorsOf('username')}
          data-testid="settings-username"
        />
        <TextField
          label={t('fields.fullName')}
          autoComplete="name"
          value={form.fullName}
          onChange={(e) => set('fullName', e.target.value)}
          errors={errorsOf('fullName')}
          data-testid="settings-full-name"
        />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          errors={errorsOf('email')}
          data-testid="settings-email"
        />
        <TextField
          label={t('fields.company')}
          autoComplete="organization"
          value={form.company}
          onChange={(e) => set('company', e.target.value)}
          errors={errorsOf('company')}
        />
      </StyledFormGrid>
      {emailChanged ? <EmailChangePassword value={password} onChange={setPassword} forOther={userId !== null} error={failure} /> : null}
      {/* A missing or wrong password shows under its field only. */}
      <SectionFooter state={isPasswordProblem(failure) ? { kind: 'idle' } : state} busy={loading} />
    </form>
  )
}

export function InfoSection({ settings, userId }: SectionProps) {
  const { t } = useTranslation('accounts')
  const [save, { loading }] = useMutation(AccountsUpdateInfoDocument)
  const { form, set, errorsOf, state, handleSubmit } = useSettingsForm({
    initial: () => infoFormOf(settings),
    validate: validateInfo,
    changes: infoChanges,
    busy: loading,
    save: async (input) => {
      const result = await save({ variables: { userId, input }, refetchQueries: ['AccountsSettings'] })
      return result.data ? infoFormOf(result.data.updateAccountInfo) : undefined
    },
  })

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-info">
      <TextAreaField
        label={t('fields.bio')}
        maxLength={1000}
        value={form.bio}
        onChange={(e) => set('bio', e.target.value)}
        errors={errorsOf('bio')}
        data-testid="settings-bio"
      />
      <StyledFormGrid>
        <TextField label={t('fields.dob')} type="date" value={form.dob} onChange={(e) => set('dob', e.target.value)} errors={errorsOf('dob')} />
        <TextField
          label={t('fields.country')}
          autoComplete="country-name"
          value={form.country}
          onChange={(e) => set('country', e.target.value)}
          errors={errorsOf('country')}
        />
        <TextField
          label={t('fields.website')}
          type="url"
          placeholder="https://…"
          value={form.website}
          onChange={(e) => set('website', e.target.value)}
          errors={errorsOf('website')}
        />
        <TextField
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={(e) => set('phone', e.target.value)}
          errors={errorsOf('phone')}
        />
      </StyledFormGrid>
      <SectionFooter state={state} busy={loading} />
    </form>
  )
}

export function SocialSection({ settings, userId }: SectionProps) {
  const { t } = useTranslation('accounts')
  const [save, { loading }] = useMutation(AccountsUpdateSocialDocument)
  const { form, set, errorsOf, state, handleSubmit } = useSettingsForm({
    initial: () => socialFormOf(settings),
    validate: validateSocial,
    changes: socialChanges,
    busy: loading,
    save: async (input) => {
      const result = await save({ variables: { userId, input }, refetchQueries: ['AccountsSettings'] })
      return result.data ? socialFormOf(result.data.updateAccountSocial) : undefined
    },
  })
  const twitch = settings.social.connections.twitch?.id

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-social">
      <h3>{t('settings.socialLinks')}</h3>
      <StyledFormGrid>
        {SOCIAL_KEYS.map((key) => (
          <TextField
            key={key}
            label={t(`social.${key}`)}
            type="url"
            placeholder="https://…"
            value={form[key]}
            onChange={(e) => set(key, e.target.value)}
            errors={errorsOf(key)}
          />
        ))}
      </StyledFormGrid>
      <h3>{t('settings.connections')}</h3>
      <p data-testid="twitch-connection">{twitch ? t('settings.twitchConnected', { name: twitch }) : t('settings.twitchNone')}</p>
      <SectionFooter state={state} busy={loading} />
    </form>
  )
}

export function NotificationSection({ settings, userId }: SectionProps) {
  const { t } = useTranslation('accounts')
  const [save, { loading }] = useMutation(AccountsUpdateNotificationsDocument)
  const {
    form: flags,
    set,
    state,
    handleSubmit,
  } = useSettingsForm({
    initial: () => flagsOf(settings),
    changes: notificationChanges,
    busy: loading,
    save: async (input) => {
      const result = await save({ variables: { userId, input }, refetchQueries: ['AccountsSettings'] })
      return result.data ? flagsOf(result.data.updateAccountNotifications) : undefined
    },
  })

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-notifications">
      <StyledFieldset>
        <legend>{t('settings.notificationsLegend')}</legend>
        {NOTIFICATION_KEYS.map((key) => (
          <Switch key={key} label={t(`notifications.${key}`)} checked={flags[key]} onChange={(checked) => set(key, checked)} testId={`notify-${key}`} />
        ))}
      </StyledFieldset>
      <SectionFooter state={state} busy={loading} />
    </form>
  )
}

type PasswordKey = 'currentPassword' | 'newPassword' | 'confirm'

/** Own password only. The server ends every other sign-in and returns a fresh one for this device. */
export function PasswordSection() {
  const { t } = useTranslation('accounts')
  const fieldMessages = useFieldMessages()
  const [form, setForm] = useState<Record<PasswordKey, string>>({ currentPassword: '', newPassword: '', confirm: '' })
  const [problems, setProblems] = useState<Partial<Record<PasswordKey, string>>>({})
  const [state, setState] = useState<SaveState>({ kind: 'idle' })
  const [change, { loading }] = useMutation(AccountsChangePasswordDocument)
  const serverError = state.kind === 'error' ? state.error : null
  const serverCode = serverError ? errorCodeOf(serverError) : null

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    const found: Partial<Record<PasswordKey, string>> = {}
    if (!form.currentPassword) found.currentPassword = t('validation.required')
    if (isClearlyWeakPassword(form.newPassword)) found.newPassword = t('validation.passwordShort')
    if (form.confirm !== form.newPassword) found.confirm = t('validation.passwordsDiffer')
    setProblems(found)
    if (Object.keys(found).length > 0) return
    try {
      const result = await change({ variables: { currentPassword: form.currentPassword, newPassword: form.newPassword } })
      const payload = parseAuthPayload(result.data?.changePassword)
      if (payload) saveSession(payload)
      setForm({ currentPassword: '', newPassword: '', confirm: '' })
      setState({ kind: 'saved' })
    } catch (caught) {
      setState({ kind: 'error', error: caught })
    }
  }

  const errorsOf = (field: PasswordKey) => [...(problems[field] ? [problems[field]] : []), ...fieldMessages(serverError, field)]
  // A wrong current password and a weak new one show under their field instead.
  const showError = serverCode !== null && serverCode !== 'INVALID_CREDENTIALS' && serverCode !== 'WEAK_PASSWORD'

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="settings-password">
      <p>{t('password.intro')}</p>
      <PasswordField
        label={t('password.current')}
        autoComplete="current-password"
        value={form.currentPassword}
        onChange={(e) => setForm((current) => ({ ...current, currentPassword: e.target.value }))}
        errors={serverCode === 'INVALID_CREDENTIALS' ? [t('password.wrongCurrent')] : errorsOf('currentPassword')}
        data-testid="password-current"
      />
      <StyledFormGrid>
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => setForm((current) => ({ ...current, newPassword: e.target.value }))}
          errors={serverCode === 'WEAK_PASSWORD' ? [t('validation.passwordShort')] : errorsOf('newPassword')}
          data-testid="password-new"
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          value={form.confirm}
          onChange={(e) => setForm((current) => ({ ...current, confirm: e.target.value }))}
          errors={errorsOf('confirm')}
          data-testid="password-confirm"
        />
      </StyledFormGrid>
      {state.kind === 'saved' ? (
        <Alert variant="success" testId="password-changed">
          {t('password.changed')}
        </Alert>
      ) : null}
      {showError ? <SaveOutcome state={state} /> : null}
      <StyledActions>
        <Button type="submit" disabled={loading} aria-busy={loading} data-testid="password-submit">
          {t('password.submit')}
        </Button>
      </StyledActions>
    </form>
  )
}
