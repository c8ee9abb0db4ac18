import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { PasswordField } from '../../../components/ui/password-field'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import { AccountsCreateUserDocument } from '../graphql/user-create.generated'
import { AccountsLicencesDocument } from '../graphql/licences.generated'
import { AccountsPlansDocument } from '../graphql/plans.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { needsGeneralMessage } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'
import { useFieldMessages } from '../lib/field-messages'
import { problemText } from '../lib/problems'
import { type NewUserField, EMPTY_NEW_USER, type NewUserForm, type Problems, createUserInput, validateNewUser } from '../lib/validation'
import { StyledFieldset } from './fieldset'
import { UserPicker } from './user-picker'

export interface AddUserPanelProps {
  open: boolean
  actor: 'admin' | 'reseller'
  onClose: () => void
  onCreated: (user: { id: string; username: string }) => void
}

/** The add-user side panel: admins create any role, resellers create clients with a key from their pool. */
export function AddUserPanel({ open, actor, onClose, onCreated }: AddUserPanelProps) {
  const { t } = useTranslation('accounts')
  return (
    <Dialog open={open} onClose={onClose} title={actor === 'admin' ? t('addUser.title') : t('addUser.titleClient')} placement="side" testId="add-user-panel">
      <AddUserForm actor={actor} onCancel={onClose} onCreated={onCreated} />
    </Dialog>
  )
}

function AddUserForm({ actor, onCancel, onCreated }: { actor: 'admin' | 'reseller'; onCancel: () => void; onCreated: AddUserPanelProps['onCreated'] }) {
  const { t } = useTranslation('accounts')
  const toast = useToast()
  const errorText = useErrorText()
  const fieldMessages = useFieldMessages()
  const [form, setForm] = useState<NewUserForm>(EMPTY_NEW_USER)
  const [problems, setProblems] = useState<Problems<NewUserField>>({})
  const [serverError, setServerError] = useState<unknown>(null)
  const [createUser, { loading }] = useMutation(AccountsCreateUserDocument)
  const plans = useQuery(AccountsPlansDocument, { skip: actor !== 'admin' })
  const pool = useQuery(AccountsLicencesDocument, {
    variables: { status: 'available', first: 100 },
    skip: actor !== 'reseller',
    fetchPolicy: 'network-only',
  })

  const set = (field: NewUserField) => (value: string) => setForm((current) => ({ ...current, [field]: value }))
  const errorsOf = (field: NewUserField) => [...problemText(t, problems[field]), ...fieldMessages(serverError, field)]

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setServerError(null)
    const found = validateNewUser(form, actor)
    setProblems(found)
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0]
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    try {
      const result = await createUser({ variables: { input: createUserInput(form, actor) } })
      const created = result.data?.createUser
      if (!created) return
      toast.show({
        variant: 'success',
        title: t('addUser.created', { name: created.username }),
        message: form.password ? undefined : t('addUser.invited'),
      })
      onCreated({ id: created.id, username: created.username })
    } catch (caught) {
      setServerError(caught)
    }
  }

  const isClient = actor === 'reseller' || form.role === 'client'
  const poolKeys = pool.data?.licences.edges.map((edge) => edge.node) ?? []
  // Field messages show under their field; anything else (another code, or a field this
  // form does not show) as one alert on top.
  const showGeneralError = Boolean(serverError) && needsGeneralMessage(serverError, [...Object.keys(EMPTY_NEW_USER), 'currentPlan'])

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="add-user-form">
      {showGeneralError ? <Alert testId="add-user-error">{errorText(serverError)}</Alert> : null}
      <TextField
        label={t('fields.username')}
        name="username"
        autoComplete="off"
        required
        value={form.username}
        onChange={(e) => set('username')(e.target.value)}
        errors={errorsOf('username')}
        data-testid="add-username"
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="off"
        required
        value={form.email}
        onChange={(e) => set('email')(e.target.value)}
        errors={errorsOf('email')}
        data-testid="add-email"
      />
      <TextField
        label={t('fields.fullName')}
        name="fullName"
        autoComplete="off"
        value={form.fullName}
        onChange={(e) => set('fullName')(e.target.value)}
        errors={errorsOf('fullName')}
      />
      <TextField
        label={t('fields.company')}
        name="company"
        value={form.company}
        onChange={(e) => set('company')(e.target.value)}
        errors={errorsOf('company')}
      />
      <TextField
        label={t('fields.country')}
        name="country"
        value={form.country}
        onChange={(e) => set('country')(e.target.value)}
        errors={errorsOf('country')}
      />
      <TextField
        label={t('fields.contact')}
        name="contact"
        type="tel"
        value={form.contact}
        onChange={(e) => set('contact')(e.target.value)}
        errors={errorsOf('contact')}
      />
      <TextField
        label={t('fields.twitchname')}
        name="twitchname"
        value={form.twitchname}
        onChange={(e) => set('twitchname')(e.target.value)}
        errors={errorsOf('twitchname')}
      />

      {actor === 'admin' ? (
        <SelectField
          label={t('fields.role')}
          name="role"
          value={form.role}
          onChange={(e) => set('role')(e.target.value)}
          errors={errorsOf('role')}
          data-testid="add-role"
        >
          <option value="client">{t('roles.client')}</option>
          <option value="reseller">{t('roles.reseller')}</option>
          <option value="admin">{t('roles.admin')}</option>
        </SelectField>
      ) : null}

      <StyledFieldset>
        <legend>{t('addUser.licenceLegend')}</legend>
        {actor === 'admin' ? (
          <>
            <SelectField
              label={t('fields.plan')}
              name="plan"
              value={form.plan}
              onChange={(e) => set('plan')(e.target.value)}
              errors={errorsOf('plan').concat(fieldMessages(serverError, 'currentPlan'))}
              hint={isClient ? t('addUser.planHint') : t('addUser.planOptional')}
              data-testid="add-plan"
            >
              <option value="">{t('addUser.noPlan')}</option>
              {(plans.data?.plans ?? []).map((plan) => (
                <option key={plan.id} value={plan.name}>
                  {plan.name}
                </option>
              ))}
            </SelectField>
            {form.plan ? (
              <TextField
                label={t('fields.totalDays')}
                name="totalDays"
                type="number"
                inputMode="numeric"
                min={1}
                max={36500}
                value={form.totalDays}
                onChange={(e) => set('totalDays')(e.target.value)}
                errors={errorsOf('totalDays')}
                data-testid="add-total-days"
              />
            ) : (
              <TextField
                label={t('fields.licenseKey')}
                name="licenseKey"
                autoComplete="off"
                placeholder="XXXX-XXXX-XXXX-XXXX"
                value={form.licenseKey}
                onChange={(e) => set('licenseKey')(e.target.value)}
                errors={errorsOf('licenseKey')}
              />
            )}
            {isClient ? (
              <UserPicker
                role="reseller"
                label={t('fields.resellerId')}
                noneLabel={t('picker.noReseller')}
                value={form.resellerId}
                onChange={set('resellerId')}
                errors={errorsOf('resellerId')}
              />
            ) : null}
          </>
        ) : pool.loading ? (
          <p role="status">{t('common.loading')}</p>
        ) : poolKeys.length === 0 ? (
          <Alert variant="warning" testId="pool-empty">
            {t('addUser.poolEmpty')}
          </Alert>
        ) : (
          <SelectField
            label={t('fields.licenseKey')}
            name="licenseKey"
            value={form.licenseKey}
            onChange={(e) => set('licenseKey')(e.target.value)}
            errors={errorsOf('licenseKey')}
            hint={t('addUser.poolHint')}
            data-testid="add-pool-key"
          >
            <option value="">{t('addUser.chooseKey')}</option>
            {poolKeys.map((licence) => (
              <option key={licence.id} value={licence.licensekey}>
                {t('addUser.poolOption', { key: licence.licensekey, plan: licence.planName ?? '—', days: licence.totalDays })}
              </option>
            ))}
          </SelectField>
        )}
      </StyledFieldset>

      <PasswordField
        label={t('fields.passwordOptional')}
        name="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => set('password')(e.target.value)}
        errors={errorsOf('password')}
      />
      <p>{t('addUser.passwordHint')}</p>

      <DialogFormActions
        submitLabel={t('addUser.submit')}
        onCancel={onCancel}
        busy={loading}
        submitDisabled={actor === 'reseller' && poolKeys.length === 0}
        submitTestId="add-user-submit"
      />
    </form>
  )
}
