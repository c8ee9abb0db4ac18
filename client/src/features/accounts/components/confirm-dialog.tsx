import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, StyledDialogActions } from './dialog';

/** "Are you sure?" before a destructive action; Cancel has the focus first. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onCancel} title={title} role="alertdialog" describedBy={messageId} testId="confirm-dialog">
      <p id={messageId}>{message}</p>
      {children}
      <StyledDialogActions>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy} data-testid="confirm-action">
          {confirmLabel}
        </Button>
      </StyledDialogActions>
    </Dialog>
  );
}
