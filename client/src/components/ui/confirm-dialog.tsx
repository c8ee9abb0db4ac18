import { type ReactNode, useId } from 'react'
import { ConfirmActions } from './confirm-actions'
import { Dialog } from './dialog'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  /** What will happen; it describes the dialog. */
  message: ReactNode
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
  busy?: boolean
  testId?: string
  confirmTestId?: string
  /** alertdialog, the ARIA pattern for confirmations; a plain dialog where a page has always used one. */
  role?: 'dialog' | 'alertdialog'
}

/** "Are you sure?" before a destructive action. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  testId = 'confirm-dialog',
  confirmTestId = 'confirm-accept',
  role = 'alertdialog',
}: ConfirmDialogProps) {
  const messageId = useId()
  return (
    <Dialog open={open} title={title} onClose={onCancel} busy={busy} role={role} describedBy={messageId} testId={testId}>
      <p id={messageId}>{message}</p>
      <ConfirmActions confirmLabel={confirmLabel} onCancel={onCancel} onConfirm={onConfirm} busy={busy} confirmTestId={confirmTestId} />
    </Dialog>
  )
}
