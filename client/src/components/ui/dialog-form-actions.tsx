import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { StyledDialogActions } from './dialog'

export interface DialogFormActionsProps {
  submitLabel: string
  onCancel: () => void
  /** The form is being sent: both buttons wait. */
  busy?: boolean
  submitDisabled?: boolean
  submitTestId?: string
}

/** Cancel and submit at the foot of a form in a dialog. */
export function DialogFormActions({ submitLabel, onCancel, busy = false, submitDisabled = false, submitTestId }: DialogFormActionsProps) {
  const { t } = useTranslation()
  return (
    <StyledDialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={busy || submitDisabled} aria-busy={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </StyledDialogActions>
  )
}
