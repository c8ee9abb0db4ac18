import { useTranslation } from 'react-i18next'
import { Button } from '../../../../components/ui/button'
import { StyledRowActions } from './list-styles'

export interface RowActionsProps {
  /** The delete button's test id is `<kind>-delete`. */
  kind: 'command' | 'timer'
  editLabel: string
  deleteLabel: string
  onEdit: () => void
  onDelete: () => void
}

/** Edit and Delete at the end of a row; their names say which item they act on. */
export function RowActions({ kind, editLabel, deleteLabel, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation('assistant')
  return (
    <StyledRowActions>
      <Button variant="secondary" onClick={onEdit} aria-label={editLabel}>
        {t('common.edit')}
      </Button>
      <Button variant="ghost" onClick={onDelete} aria-label={deleteLabel} data-testid={`${kind}-delete`}>
        {t('common.delete')}
      </Button>
    </StyledRowActions>
  )
}
