import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button, StyledButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { StyledFormGrid } from '../../../components/ui/form-grid'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledPanel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { Switch } from '../../../components/ui/switch'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { AccountsUserDetailFragment } from '../graphql/users.generated'
import type { Role } from '../../../gql/types'
import { AccountsChangeEmailDocument } from '../graphql/change-email.generated'
import { AccountsPlansDocument } from '../graphql/plans.generated'
import { AccountsUpdateUserDocument } from '../graphql/user-update.generated'
import { AccountsUserDocument } from '../graphql/user.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { needsGeneralMessage } from '../../../lib/error-code'
import { saveSession } from '../../../lib/session'
import { parseAuthPayload } from '../../../lib/session-types'
import { useErrorText } from '../../../lib/use-error-text'
import { EmailChangePassword, isPasswordProblem } from '../components/email-change-password'
import { StyledFieldset } from '../components/fieldset'
import { UserPicker } from '../components/user-picker'
import { NotAuthorizedContent } from '../components/not-authorized-content'
import { useFieldMessages } from '../lib/field-messages'
import { ACCOUNT_PATHS } from '../lib/paths'
import { problemText } from '../lib/problems'
import { type UserEditField, type UserEditForm, editChanges, editFormOf, validateEdit } from '../lib/user-edit'
import type { Problems } from '../lib/validation'
import { useViewer } from '../lib/viewer'

export default function UserEditPage({ title }: { title: string }) {
  const { t } = useTranslation('accounts')
  const { id = '' } = useParams()
  const { staff, user: me } = useViewer()
  const { data, loading, error, refetch } = useQuery(AccountsUserDocument, { variables: { id }, fetchPolicy: 'network-only', skip: !staff })

  if (!staff) return <NotAuthorizedContent title={title} />
  let body
  if (error && !data) body = <ErrorState error={error} onRetry={() => void refetch()} />
  else if (!data && loading) body = <LoadingState />
  else if (!data?.user) {
    body = (
      <StyledPanel>
        <EmptyState testId="user-not-found" action={<StyledButtonLink to={ACCOUNT_PATHS.userList}>{t('userView.backToList')}</StyledButtonLink>}>
          {t('userView.notFound')}
        </EmptyState>
      </StyledPanel>
    )
  }
  if (body || !data?.user) {
    return (
      <StyledStack>
        <PageHeader title={title} />
        {body}
      </StyledStack>
    )
  }
  // Keyed by id: another user's page starts from that user's values.
  return <UserEditForm key={data.user.id} user={data.user} title={title} actor={staff} isSelf={me?.id === data.user.id} />
}

function UserEditForm({ user, title, actor, isSelf }: { user: AccountsUserDetailFragment; title: string; actor: 'admin' | 'reseller'; isSelf: boolean }) {
  const { t } = useTranslation('accounts')
  const { t: tShared } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const errorText = useErrorText()
  const fieldMessages = useFieldMessages()
  const [initial] = useState(() => editFormOf(user))
  const [form, setForm] = useState<UserEditForm>(initial)
  const [problems, setProblems] = useState<Problems<UserEditField>>({})
  const [serverError, setServerError] = useState<unknown>(null)
  const [updateUser, { loading: updating }] = useMutation(AccountsUpdateUserDocument)
  const [changeEmail, { loading: changingEmail }] = useMutation(AccountsChangeEmailDocument)
  // The sign-in e-mail changes only with a password: the user's own, or the admin's when editing someone else.
  const [password, setPassword] = useState('')
  const loading = updating || changingEmail
  const emailChanged = form.email.trim().toLowerCase() !== initial.email.trim().toLowerCase()
  const plans = useQuery(AccountsPlansDocument, { skip: actor !== 'admin' })
  const isAdmin = actor === 'admin'
  const name = user.fullName || user.username

  const setText = (field: UserEditField) => (value: string) => setForm((current) => ({ ...current, [field]: value }))
  const setFlag = (field: 'active' | 'autostart' | 'chatbot' | 'categoryChatbot') => (value: boolean) => setForm((current) => ({ ...current, [field]: value }))
  const errorsOf = (field: UserEditField) => [...problemText(t, problems[field]), ...fieldMessages(serverError, field)]

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setServerError(null)
    const found = validateEdit(form)
    setProblems(found)
    if (Object.keys(found).length > 0) return
    const input = editChanges(initial, form, isAdmin)
    if (Object.keys(input).length === 0) {
      navigate(ACCOUNT_PATHS.userView(user.id))
      return
    }
    try {
      const { email, ...rest } = input
      if (email !== undefined && email !== null) {
        const changed = await changeEmail({ variables: { userId: isSelf ? null : user.id, email, currentPassword: password } })
        const payload = parseAuthPayload(changed.data?.changeEmail.auth)
        if (payload) saveSession(payload)
      }
      if (Object.keys(rest).length > 0) await updateUser({ variables: { id: user.id, input: rest }, refetchQueries: ['AccountsUsers'] })
      toast.show({ variant: 'success', title: t('userEdit.saved', { name }) })
      navigate(ACCOUNT_PATHS.userView(user.id))
    } catch (caught) {
      setServerError(caught)
    }
  }

  const showGeneral = Boolean(serverError) && !isPasswordProblem(serverError) && needsGeneralMessage(serverError, Object.keys(form))

  return (
    <StyledStack>
      <PageHeader title={title} subtitle={t('userEdit.subtitle', { name, username: user.username })} />
      <StyledPanel>
        <form noValidate onSubmit={handleSubmit} data-testid="user-edit-form">
          {showGeneral ? <Alert testId="user-edit-error">{errorText(serverError)}</Alert> : null}
          <StyledFieldset>
            <legend>{t('userEdit.profile')}</legend>
            <StyledFormGrid>
              <TextField
                label={t('fields.fullName')}
                name="fullName"
                value={form.fullName}
                onChange={(e) => setText('fullName')(e.target.value)}
                errors={errorsOf('fullName')}
                data-testid="edit-full-name"
              />
              <TextField
                label={t('fields.email')}
                name="email"
                type="email"
                value={form.email}
                onChange={(e) => setText('email')(e.target.value)}
                errors={errorsOf('email')}
              />
              <TextField
                label={t('fields.company')}
                name="company"
                value={form.company}
                onChange={(e) => setText('company')(e.target.value)}
                errors={errorsOf('company')}
              />
              <TextField
                label={t('fields.country')}
                name="country"
                value={form.country}
                onChange={(e) => setText('country')(e.target.value)}
                errors={errorsOf('country')}
              />
              <TextField
                label={t('fields.contact')}
                name="contact"
                type="tel"
                value={form.contact}
                onChange={(e) => setText('contact')(e.target.value)}
                errors={errorsOf('contact')}
              />
              <TextField
                label={t('fields.twitchname')}
                name="twitchname"
                value={form.twitchname}
                onChange={(e) => setText('twitchname')(e.target.value)}
                errors={errorsOf('twitchname')}
              />
            </StyledFormGrid>
            {emailChanged ? <EmailChangePassword value={password} onChange={setPassword} forOther={!isSelf} error={serverError} /> : null}
          </StyledFieldset>

          <StyledFieldset>
            <legend>{t('userView.botPanel')}</legend>
            <Switch
              label={t('botPanel.active')}
              description={t('botPanel.activeHint')}
              checked={form.active}
              onChange={setFlag('active')}
              testId="edit-active"
            />
            <Switch label={t('botPanel.autostart')} checked={form.autostart} onChange={setFlag('autostart')} />
            <Switch label={t('botPanel.chatbot')} checked={form.chatbot} onChange={setFlag('chatbot')} />
            <Switch label={t('botPanel.categoryChatbot')} checked={form.categoryChatbot} onChange={setFlag('categoryChatbot')} />
          </StyledFieldset>

          {isAdmin ? (
            <StyledFieldset>
              <legend>{t('userEdit.adminOnly')}</legend>
              <StyledFormGrid>
                <SelectField
                  label={t('fields.role')}
                  name="role"
                  value={form.role}
                  disabled={isSelf}
                  hint={isSelf ? t('userEdit.ownRole') : undefined}
                  onChange={(e) => setForm((current) => ({ ...current, role: e.target.value as Role }))}
                  errors={errorsOf('role')}
                >
                  {(['client', 'reseller', 'admin'] as const).map((role) => (
                    <option key={role} value={role}>
                      {tShared(`roles.${role}`)}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={t('fields.package')}
                  name="package"
                  value={form.package}
                  onChange={(e) => setText('package')(e.target.value)}
                  errors={errorsOf('package')}
                  hint={t('userEdit.packageHint')}
                >
                  <option value="None">{t('userEdit.packageNone')}</option>
                  {(plans.data?.plans ?? []).map((plan) => (
                    <option key={plan.id} value={plan.name}>
                      {plan.name}
                    </option>
                  ))}
                </SelectField>
              </StyledFormGrid>
              <UserPicker
                role="reseller"
                label={t('fields.resellerId')}
                noneLabel={t('picker.noReseller')}
                value={form.resellerId}
                onChange={setText('resellerId')}
                errors={errorsOf('resellerId')}
              />
            </StyledFieldset>
          ) : null}

          <StyledActionsRow>
            <Link to={ACCOUNT_PATHS.userView(user.id)}>{t('common.cancel')}</Link>
            <Button type="submit" disabled={loading} aria-busy={loading} data-testid="user-edit-submit">
              {t('common.save')}
            </Button>
          </StyledActionsRow>
        </form>
      </StyledPanel>
    </StyledStack>
  )
}

const StyledActionsRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.lg};
`
