import { useTranslation } from 'react-i18next'
import { useCanManage } from '../../../../components/channel-page/channel-access'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'
import { Dialog } from '../../../../components/ui/dialog'
import { SwitchButton } from '../../../../components/ui/switch-button'
import { AssistantDeleteTimerDocument, type AssistantTimerFragment, AssistantUpdateTimerDocument } from '../../graphql/automation.generated'
import { useMutation } from '@apollo/client/react'
import { limitState } from '../../lib/drafts'
import { AutomationSection } from './automation-section'
import { StyledClamp } from './list-styles'
import { RowActions } from './row-actions'
import { TimerForm } from './timer-form'
import { evictFromCache, useAutomationItems } from './use-automation-items'

export interface TimersSectionProps {
  channelId: string
  timers: readonly AssistantTimerFragment[]
  limit: number | null
  onChanged: () => void
}

/** The channel's timers: list, on/off at once, create and edit in a dialog, delete after asking. */
export function TimersSection({ channelId, timers, limit, onChanged }: TimersSectionProps) {
  const { t } = useTranslation('assistant')
  // A member who only views commands and timers sees their state, not a switch that would be refused.
  const canManage = useCanManage('commands')
  const [update] = useMutation(AssistantUpdateTimerDocument)
  const [remove, { loading: removing }] = useMutation(AssistantDeleteTimerDocument)
  const { editing, setEditing, busy, setBusy, deleting, setDeleting, saveFailed, saved, confirmDelete } = useAutomationItems<AssistantTimerFragment>({
    remove: (timer) => remove({ variables: { id: timer.id }, update: evictFromCache('ChatTimer', timer.id) }),
    deletedTitle: (timer) => t('timers.deleted', { name: timer.name }),
    savedTitle: (timer) => t('timers.saved', { name: timer.name }),
    onChanged,
  })
  const { atLimit } = limitState(timers.length, limit)

  function toggle(timer: AssistantTimerFragment, enabled: boolean) {
    void update({ variables: { id: timer.id, input: { enabled } }, optimisticResponse: { updateChatTimer: { ...timer, enabled } } }).catch(saveFailed)
  }

  return (
    <AutomationSection
      kind="timer"
      title={t('timers.title')}
      newLabel={t('timers.new')}
      onNew={() => setEditing({ item: null })}
      limitText={limit === null ? t('limits.timersUnlimited', { count: timers.length }) : t('limits.timers', { count: timers.length, limit })}
      atLimit={atLimit}
      emptyText={t('timers.empty')}
      columns={[
        { key: 'name', header: t('timers.columns.name'), rowHeader: true, cell: (timer) => <span data-user-content>{timer.name}</span> },
        {
          key: 'message',
          header: t('timers.columns.message'),
          cell: (timer) => (
            <StyledClamp title={timer.message} data-user-content>
              {timer.message}
            </StyledClamp>
          ),
        },
        {
          key: 'schedule',
          header: t('timers.columns.schedule'),
          cell: (timer) => t('timers.schedule', { minutes: timer.intervalMinutes, lines: timer.minLines }),
        },
        {
          key: 'enabled',
          header: t('timers.columns.enabled'),
          cell: (timer) => (
            <SwitchButton
              aria-label={t('timers.toggle', { name: timer.name })}
              checked={timer.enabled}
              onChange={(value) => toggle(timer, value)}
              testId="timer-toggle"
              disabled={!canManage}
            />
          ),
        },
      ]}
      items={timers}
      rowProps={(timer) => ({ 'data-name': timer.name })}
      actions={(timer) => (
        <RowActions
          kind="timer"
          editLabel={t('timers.edit', { name: timer.name })}
          deleteLabel={t('timers.delete', { name: timer.name })}
          onEdit={() => setEditing({ item: timer })}
          onDelete={() => setDeleting(timer)}
        />
      )}
      dialogs={
        <>
          <Dialog
            open={editing !== null}
            title={editing?.item ? t('timers.editTitle', { name: editing.item.name }) : t('timers.newTitle')}
            onClose={() => setEditing(null)}
            busy={busy}
            testId="timer-dialog"
          >
            {editing ? <TimerForm channelId={channelId} timer={editing.item} onBusy={setBusy} onCancel={() => setEditing(null)} onDone={saved} /> : null}
          </Dialog>
          <ConfirmDialog
            open={deleting !== null}
            title={t('timers.deleteTitle', { name: deleting?.name ?? '' })}
            message={t('timers.deleteText')}
            confirmLabel={t('common.delete')}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setDeleting(null)}
            busy={removing}
            testId="timer-delete-dialog"
            role="dialog"
          />
        </>
      }
    />
  )
}
