import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import { AccountsActivateLicenceDocument } from '../graphql/licence-activation.generated'
import { AccountsLicencesDocument } from '../graphql/licences.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

/**
 * Activates a key for a user in scope (activateLicence with userId). Staff pick from the
 * available keys they see (a reseller: their pool) or type one.
 */
export function ActivateKeyDialog({
  open,
  userId,
  userName,
  onClose,
  onDone,
}: {
  open: boolean
  userId: string
  userName: string
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation('accounts')
  return (
    <Dialog open={open} onClose={onClose} title={t('activateFor.title', { name: userName })} testId="activate-key-dialog">
      <ActivateKeyForm userId={userId} onCancel={onClose} onDone={onDone} />
    </Dialog>
  )
}

function ActivateKeyForm({ userId, onCancel, onDone }: { userId: string; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation('accounts')
  const toast = useToast()
  const errorText = useErrorText()
  const [key, setKey] = useState('')
  const [missing, setMissing] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const pool = useQuery(AccountsLicencesDocument, { variables: { status: 'available', first: 50 }, fetchPolicy: 'network-only' })
  const [activate, { loading }] = useMutation(AccountsActivateLicenceDocument)
  const keys = pool.data?.licences.edges.map((edge) => edge.node) ?? []

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    setError(null)
    const value = key.trim()
    setMissing(!value)
    if (!value) return
    try {
      const result = await activate({
        variables: { key: value, userId },
        refetchQueries: ['AccountsUser', 'AccountsLicences', 'AccountsUsers'],
        awaitRefetchQueries: true,
      })
      const licence = result.data?.activateLicence
      toast.show({ variant: 'success', title: t('activateFor.done', { plan: licence?.planName ?? '—' }) })
      onDone()
    } catch (caught) {
      setError(caught)
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      {error ? <Alert testId="activate-for-error">{errorText(error)}</Alert> : null}
      {keys.length > 0 ? (
        <SelectField label={t('activateFor.pick')} value={keys.some((k) => k.licensekey === key) ? key : ''} onChange={(e) => setKey(e.target.value)}>
          <option value="">{t('addUser.chooseKey')}</option>
          {keys.map((licence) => (
            <option key={licence.id} value={licence.licensekey}>
              {t('addUser.poolOption', { key: licence.licensekey, plan: licence.planName ?? '—', days: licence.totalDays })}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        label={t('fields.licenseKey')}
        placeholder="XXXX-XXXX-XXXX-XXXX"
        autoComplete="off"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        errors={missing ? [t('validation.required')] : []}
        data-testid="activate-for-key"
      />
      <DialogFormActions submitLabel={t('activateFor.submit')} onCancel={onCancel} busy={loading} submitTestId="activate-for-submit" />
    </form>
  )
}
