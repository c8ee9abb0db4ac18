import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { StyledDialogActions } from './dialog'

export interface ConfirmActionsProps {
  confirmLabel: string
  onCancel: () => void
  /** Without it the action button submits the form around it. */
  onConfirm?: () => void
  busy?: boolean
  confirmTestId?: string
}

/** Cancel, which has the focus so Enter never destroys by accident, and the destructive action. */
export function ConfirmActions({ confirmLabel, onCancel, onConfirm, busy = false, confirmTestId = 'confirm-accept' }: ConfirmActionsProps) {
  const { t } = useTranslation()
  return (
    <StyledDialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus data-testid="confirm-cancel">
        {t('common.cancel')}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy} data-testid={confirmTestId}>
        {confirmLabel}
      </Button>
    </StyledDialogActions>
  )
}
