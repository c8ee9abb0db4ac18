import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { Switch } from '../../../components/ui/switch'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { AccountsLicenceFragment } from '../graphql/licences.generated'
import { AccountsAssignLicenceDocument, AccountsExtendLicenceDocument } from '../graphql/licence-actions.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { MAX_EXTEND_DAYS, parseIntInRange } from '../lib/validation'
import { StyledMono } from './data-table'
import { UserPicker } from './user-picker'

const REFETCH = ['AccountsLicences', 'AccountsUsers', 'AccountsUser']

interface LicenceDialogProps {
  licence: AccountsLicenceFragment | null
  onClose: () => void
}

/** A dialog about one licence, open while there is one; the form inside starts fresh each time. */
function LicenceDialog({
  licence,
  onClose,
  title,
  testId,
  children,
}: LicenceDialogProps & { title: string; testId: string; children: (licence: AccountsLicenceFragment) => ReactNode }) {
  return (
    <Dialog open={licence !== null} onClose={onClose} title={title} testId={testId}>
      {licence ? children(licence) : null}
    </Dialog>
  )
}

/** Sends a licence change from a dialog's form: on success a toast says so and the dialog closes; a failure is kept as text. */
function useLicenceChange(onClose: () => void) {
  const toast = useToast()
  const errorText = useErrorText()
  const [error, setError] = useState<unknown>(null)

  async function run(change: () => Promise<unknown>, doneTitle: string) {
    setError(null)
    try {
      await change()
      toast.show({ variant: 'success', title: doneTitle })
      onClose()
    } catch (caught) {
      setError(caught)
    }
  }

  return { run, failure: error ? errorText(error) : null }
}

/** Reserve a key for a user, and activate it at once when asked. */
export function AssignLicenceDialog({ licence, onClose }: LicenceDialogProps) {
  const { t } = useTranslation('accounts')
  return (
    <LicenceDialog licence={licence} onClose={onClose} title={t('assign.title')} testId="assign-dialog">
      {(open) => <AssignForm licence={open} onClose={onClose} />}
    </LicenceDialog>
  )
}

function AssignForm({ licence, onClose }: { licence: AccountsLicenceFragment; onClose: () => void }) {
  const { t } = useTranslation('accounts')
  const { run, failure } = useLicenceChange(onClose)
  const [userId, setUserId] = useState('')
  const [activate, setActivate] = useState(true)
  const [missing, setMissing] = useState(false)
  const [assign, { loading }] = useMutation(AccountsAssignLicenceDocument)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    const valid = /^\d{1,15}$/.test(userId)
    setMissing(!valid)
    if (!valid) return
    await run(
      () => assign({ variables: { id: licence.id, userId, activate }, refetchQueries: REFETCH, awaitRefetchQueries: true }),
      activate ? t('assign.activated') : t('assign.reserved'),
    )
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <p>
        {t('assign.key')} <StyledMono>{licence.licensekey}</StyledMono> · {licence.planName ?? '—'} · {t('licences.days', { days: licence.totalDays })}
      </p>
      {failure ? <Alert testId="assign-error">{failure}</Alert> : null}
      <UserPicker value={userId} onChange={setUserId} errors={missing ? [t('assign.chooseUser')] : []} />
      <Switch label={t('assign.activateNow')} description={t('assign.activateHint')} checked={activate} onChange={setActivate} />
      <DialogFormActions submitLabel={t('assign.submit')} onCancel={onClose} busy={loading} submitTestId="assign-submit" />
    </form>
  )
}

/** TotalDays + days. */
export function ExtendLicenceDialog({ licence, onClose }: LicenceDialogProps) {
  const { t } = useTranslation('accounts')
  return (
    <LicenceDialog licence={licence} onClose={onClose} title={t('extend.title')} testId="extend-dialog">
      {(open) => <ExtendForm licence={open} onClose={onClose} />}
    </LicenceDialog>
  )
}

function ExtendForm({ licence, onClose }: { licence: AccountsLicenceFragment; onClose: () => void }) {
  const { t } = useTranslation('accounts')
  const { run, failure } = useLicenceChange(onClose)
  const [days, setDays] = useState('30')
  const [invalid, setInvalid] = useState(false)
  const [extend, { loading }] = useMutation(AccountsExtendLicenceDocument)
  const parsed = parseIntInRange(days, 1, MAX_EXTEND_DAYS)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setInvalid(parsed === null)
    if (parsed === null) return
    await run(
      () => extend({ variables: { id: licence.id, days: parsed }, refetchQueries: REFETCH, awaitRefetchQueries: true }),
      t('extend.done', { days: licence.totalDays + parsed }),
    )
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <p>
        <StyledMono>{licence.licensekey}</StyledMono> · {t('licences.days', { days: licence.totalDays })}
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField
        label={t('extend.days')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_EXTEND_DAYS}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        errors={invalid ? [t('validation.numberRange')] : []}
        data-testid="extend-days"
      />
      {parsed !== null ? <p>{t('extend.result', { days: licence.totalDays + parsed })}</p> : null}
      <DialogFormActions submitLabel={t('extend.submit')} onCancel={onClose} busy={loading} submitTestId="extend-submit" />
    </form>
  )
}
