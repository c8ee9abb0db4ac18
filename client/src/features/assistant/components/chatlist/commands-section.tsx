import { useTranslation } from 'react-i18next'
import { useCanManage } from '../../../../components/channel-page/channel-access'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'
import { Dialog } from '../../../../components/ui/dialog'
import { SwitchButton } from '../../../../components/ui/switch-button'
import { type AssistantCommandFragment, AssistantDeleteCommandDocument, AssistantUpdateCommandDocument } from '../../graphql/automation.generated'
import { useMutation } from '@apollo/client/react'
import { limitState } from '../../lib/drafts'
import { formatDuration } from '../../../../components/channel-page/format'
import { AutomationSection } from './automation-section'
import { CommandForm } from './command-form'
import { StyledClamp, StyledCode, StyledLimitLine } from './list-styles'
import { RowActions } from './row-actions'
import { evictFromCache, useAutomationItems } from './use-automation-items'

export interface CommandsSectionProps {
  channelId: string
  commands: readonly AssistantCommandFragment[]
  limit: number | null
  categoryChatBot: boolean
  onChanged: () => void
}

/** The channel's custom commands: list, on/off at once, create and edit in a dialog, delete after asking. */
export function CommandsSection({ channelId, commands, limit, categoryChatBot, onChanged }: CommandsSectionProps) {
  const { t, i18n } = useTranslation('assistant')
  // A member who only views commands and timers sees their state, not a switch that would be refused.
  const canManage = useCanManage('commands')
  const [update] = useMutation(AssistantUpdateCommandDocument)
  const [remove, { loading: removing }] = useMutation(AssistantDeleteCommandDocument)
  const { editing, setEditing, busy, setBusy, deleting, setDeleting, saveFailed, saved, confirmDelete } = useAutomationItems<AssistantCommandFragment>({
    remove: (command) => remove({ variables: { id: command.id }, update: evictFromCache('ChatCommand', command.id) }),
    deletedTitle: (command) => t('commands.deleted', { trigger: command.trigger }),
    savedTitle: (command) => t('commands.saved', { trigger: command.trigger }),
    onChanged,
  })
  const { atLimit } = limitState(commands.length, limit)

  function toggle(command: AssistantCommandFragment, enabled: boolean) {
    void update({ variables: { id: command.id, input: { enabled } }, optimisticResponse: { updateChatCommand: { ...command, enabled } } }).catch(saveFailed)
  }

  return (
    <AutomationSection
      kind="command"
      title={t('commands.title')}
      newLabel={t('commands.new')}
      onNew={() => setEditing({ item: null })}
      limitText={limit === null ? t('limits.commandsUnlimited', { count: commands.length }) : t('limits.commands', { count: commands.length, limit })}
      atLimit={atLimit}
      emptyText={t('commands.empty')}
      columns={[
        { key: 'trigger', header: t('commands.columns.trigger'), rowHeader: true, cell: (command) => <StyledCode>{command.trigger}</StyledCode> },
        {
          key: 'response',
          header: t('commands.columns.response'),
          cell: (command) => (
            <>
              <StyledClamp title={command.response} data-user-content>
                {command.response}
              </StyledClamp>
              {command.category ? <StyledLimitLine>{t('commands.onlyIn', { category: command.category })}</StyledLimitLine> : null}
            </>
          ),
        },
        { key: 'permission', header: t('commands.columns.permission'), cell: (command) => t(`permissions.${command.permission}`) },
        {
          key: 'cooldown',
          header: t('commands.columns.cooldown'),
          cell: (command) => (
            <>
              {command.cooldownSeconds > 0 ? formatDuration(command.cooldownSeconds, i18n.language) : t('commands.noCooldown')}
              {command.userCooldownSeconds > 0 ? (
                <StyledLimitLine>{t('commands.perViewer', { duration: formatDuration(command.userCooldownSeconds, i18n.language) })}</StyledLimitLine>
              ) : null}
            </>
          ),
        },
        { key: 'uses', header: t('commands.columns.uses'), cell: (command) => command.useCount },
        {
          key: 'enabled',
          header: t('commands.columns.enabled'),
          cell: (command) => (
            <SwitchButton
              aria-label={t('commands.toggle', { trigger: command.trigger })}
              checked={command.enabled}
              onChange={(value) => toggle(command, value)}
              testId="command-toggle"
              disabled={!canManage}
            />
          ),
        },
      ]}
      items={commands}
      rowProps={(command) => ({ 'data-trigger': command.trigger })}
      actions={(command) => (
        <RowActions
          kind="command"
          editLabel={t('commands.edit', { trigger: command.trigger })}
          deleteLabel={t('commands.delete', { trigger: command.trigger })}
          onEdit={() => setEditing({ item: command })}
          onDelete={() => setDeleting(command)}
        />
      )}
      dialogs={
        <>
          <Dialog
            open={editing !== null}
            title={editing?.item ? t('commands.editTitle', { trigger: editing.item.trigger }) : t('commands.newTitle')}
            onClose={() => setEditing(null)}
            busy={busy}
            testId="command-dialog"
          >
            {editing ? (
              <CommandForm
                channelId={channelId}
                command={editing.item}
                categoryChatBot={categoryChatBot}
                onBusy={setBusy}
                onCancel={() => setEditing(null)}
                onDone={saved}
              />
            ) : null}
          </Dialog>
          <ConfirmDialog
            open={deleting !== null}
            title={t('commands.deleteTitle', { trigger: deleting?.trigger ?? '' })}
            message={t('commands.deleteText')}
            confirmLabel={t('common.delete')}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setDeleting(null)}
            busy={removing}
            testId="command-delete-dialog"
            role="dialog"
          />
        </>
      }
    />
  )
}
