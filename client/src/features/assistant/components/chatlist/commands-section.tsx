import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { useToast } from '../../../../components/ui/toast-provider';
import { type AssistantCommandFragment, useAssistantDeleteCommandMutation, useAssistantUpdateCommandMutation } from '../../../../gql/graphql';
import { limitState } from '../../lib/drafts';
import { formatDuration } from '../../lib/format';
import { ConfirmDialog } from '../confirm-dialog';
import { ModalDialog } from '../modal-dialog';
import { SectionCard, useErrorText } from '../query-state';
import { InlineSwitch } from '../switch';
import { CommandForm } from './command-form';
import { StyledClamp, StyledCode, StyledEmptyList, StyledLimitLine, StyledRowActions, StyledTable, StyledTableWrap } from './list-styles';

export interface CommandsSectionProps {
  channelId: string;
  commands: readonly AssistantCommandFragment[];
  limit: number | null;
  categoryChatBot: boolean;
  onChanged: () => void;
}

type Editing = { command: AssistantCommandFragment | null } | null;

/** The channel's custom commands: list, on/off at once, create and edit in a dialog, delete after asking. */
export function CommandsSection({ channelId, commands, limit, categoryChatBot, onChanged }: CommandsSectionProps) {
  const { t, i18n } = useTranslation('assistant');
  const toast = useToast();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AssistantCommandFragment | null>(null);
  const [update] = useAssistantUpdateCommandMutation();
  const [remove, { loading: removing }] = useAssistantDeleteCommandMutation();
  const { atLimit } = limitState(commands.length, limit);

  async function toggle(command: AssistantCommandFragment, enabled: boolean) {
    try {
      await update({ variables: { id: command.id, input: { enabled } }, optimisticResponse: { updateChatCommand: { ...command, enabled } } });
    } catch (error) {
      toast.show({ variant: 'danger', title: t('common.saveFailed'), message: errorText(error) });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const command = deleting;
    try {
      await remove({
        variables: { id: command.id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'ChatCommand', id: command.id }) });
          cache.gc();
        },
      });
      toast.show({ variant: 'success', title: t('commands.deleted', { trigger: command.trigger }) });
      onChanged();
    } catch (error) {
      toast.show({ variant: 'danger', title: t('common.deleteFailed'), message: errorText(error) });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <SectionCard
      title={t('commands.title')}
      testId="commands-section"
      actions={
        <Button onClick={() => setEditing({ command: null })} disabled={atLimit} data-testid="new-command">
          {t('commands.new')}
        </Button>
      }
    >
      <StyledLimitLine data-testid="commands-limit">
        {limit === null ? t('limits.commandsUnlimited', { count: commands.length }) : t('limits.commands', { count: commands.length, limit })}
        {atLimit ? ` ${t('limits.reached')}` : ''}
      </StyledLimitLine>
      {commands.length === 0 ? (
        <StyledEmptyList data-testid="commands-empty">{t('commands.empty')}</StyledEmptyList>
      ) : (
        <StyledTableWrap>
          <StyledTable data-testid="commands-table">
            <caption className="visually-hidden">{t('commands.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('commands.columns.trigger')}</th>
                <th scope="col">{t('commands.columns.response')}</th>
                <th scope="col">{t('commands.columns.permission')}</th>
                <th scope="col">{t('commands.columns.cooldown')}</th>
                <th scope="col">{t('commands.columns.uses')}</th>
                <th scope="col">{t('commands.columns.enabled')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {commands.map((command) => (
                <tr key={command.id} data-testid="command-row" data-trigger={command.trigger}>
                  <th scope="row">
                    <StyledCode>{command.trigger}</StyledCode>
                  </th>
                  <td>
                    <StyledClamp title={command.response}>{command.response}</StyledClamp>
                    {command.category ? <StyledLimitLine>{t('commands.onlyIn', { category: command.category })}</StyledLimitLine> : null}
                  </td>
                  <td>{t(`permissions.${command.permission}`)}</td>
                  <td>
                    {command.cooldownSeconds > 0 ? formatDuration(command.cooldownSeconds, i18n.language) : t('commands.noCooldown')}
                    {command.userCooldownSeconds > 0 ? (
                      <StyledLimitLine>{t('commands.perViewer', { duration: formatDuration(command.userCooldownSeconds, i18n.language) })}</StyledLimitLine>
                    ) : null}
                  </td>
                  <td>{command.useCount}</td>
                  <td>
                    <InlineSwitch
                      label={t('commands.toggle', { trigger: command.trigger })}
                      checked={command.enabled}
                      onChange={(value) => void toggle(command, value)}
                      testId="command-toggle"
                    />
                  </td>
                  <td>
                    <StyledRowActions>
                      <Button variant="secondary" onClick={() => setEditing({ command })} aria-label={t('commands.edit', { trigger: command.trigger })}>
                        {t('common.edit')}
                      </Button>
                      <Button
                        variant="ghost"
                        onClick={() => setDeleting(command)}
                        aria-label={t('commands.delete', { trigger: command.trigger })}
                        data-testid="command-delete"
                      >
                        {t('common.delete')}
                      </Button>
                    </StyledRowActions>
                  </td>
                </tr>
              ))}
            </tbody>
          </StyledTable>
        </StyledTableWrap>
      )}

      <ModalDialog
        open={editing !== null}
        title={editing?.command ? t('commands.editTitle', { trigger: editing.command.trigger }) : t('commands.newTitle')}
        onClose={() => setEditing(null)}
        busy={busy}
        testId="command-dialog"
      >
        {editing ? (
          <CommandForm
            channelId={channelId}
            command={editing.command}
            categoryChatBot={categoryChatBot}
            onBusy={setBusy}
            onCancel={() => setEditing(null)}
            onDone={(saved) => {
              setEditing(null);
              toast.show({ variant: 'success', title: t('commands.saved', { trigger: saved.trigger }) });
              onChanged();
            }}
          />
        ) : null}
      </ModalDialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t('commands.deleteTitle', { trigger: deleting?.trigger ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        busy={removing}
        testId="command-delete-dialog"
      >
        <p>{t('commands.deleteText')}</p>
      </ConfirmDialog>
    </SectionCard>
  );
}
