import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { useToast } from '../../../../components/ui/toast-provider';
import { type AssistantTimerFragment, useAssistantDeleteTimerMutation, useAssistantUpdateTimerMutation } from '../../../../gql/graphql';
import { limitState } from '../../lib/drafts';
import { ConfirmDialog } from '../confirm-dialog';
import { ModalDialog } from '../modal-dialog';
import { SectionCard, useErrorText } from '../query-state';
import { InlineSwitch } from '../switch';
import { StyledClamp, StyledEmptyList, StyledLimitLine, StyledRowActions, StyledTable, StyledTableWrap } from './list-styles';
import { TimerForm } from './timer-form';

export interface TimersSectionProps {
  channelId: string;
  timers: readonly AssistantTimerFragment[];
  limit: number | null;
  onChanged: () => void;
}

type Editing = { timer: AssistantTimerFragment | null } | null;

/** The channel's timers: list, on/off at once, create and edit in a dialog, delete after asking. */
export function TimersSection({ channelId, timers, limit, onChanged }: TimersSectionProps) {
  const { t } = useTranslation('assistant');
  const toast = useToast();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AssistantTimerFragment | null>(null);
  const [update] = useAssistantUpdateTimerMutation();
  const [remove, { loading: removing }] = useAssistantDeleteTimerMutation();
  const { atLimit } = limitState(timers.length, limit);

  async function toggle(timer: AssistantTimerFragment, enabled: boolean) {
    try {
      await update({ variables: { id: timer.id, input: { enabled } }, optimisticResponse: { updateChatTimer: { ...timer, enabled } } });
    } catch (error) {
      toast.show({ variant: 'danger', title: t('common.saveFailed'), message: errorText(error) });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const timer = deleting;
    try {
      await remove({
        variables: { id: timer.id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'ChatTimer', id: timer.id }) });
          cache.gc();
        },
      });
      toast.show({ variant: 'success', title: t('timers.deleted', { name: timer.name }) });
      onChanged();
    } catch (error) {
      toast.show({ variant: 'danger', title: t('common.deleteFailed'), message: errorText(error) });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <SectionCard
      title={t('timers.title')}
      testId="timers-section"
      actions={
        <Button onClick={() => setEditing({ timer: null })} disabled={atLimit} data-testid="new-timer">
          {t('timers.new')}
        </Button>
      }
    >
      <StyledLimitLine data-testid="timers-limit">
        {limit === null ? t('limits.timersUnlimited', { count: timers.length }) : t('limits.timers', { count: timers.length, limit })}
        {atLimit ? ` ${t('limits.reached')}` : ''}
      </StyledLimitLine>
      {timers.length === 0 ? (
        <StyledEmptyList data-testid="timers-empty">{t('timers.empty')}</StyledEmptyList>
      ) : (
        <StyledTableWrap>
          <StyledTable data-testid="timers-table">
            <caption className="visually-hidden">{t('timers.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('timers.columns.name')}</th>
                <th scope="col">{t('timers.columns.message')}</th>
                <th scope="col">{t('timers.columns.schedule')}</th>
                <th scope="col">{t('timers.columns.enabled')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {timers.map((timer) => (
                <tr key={timer.id} data-testid="timer-row" data-name={timer.name}>
                  <th scope="row">{timer.name}</th>
                  <td>
                    <StyledClamp title={timer.message}>{timer.message}</StyledClamp>
                  </td>
                  <td>{t('timers.schedule', { minutes: timer.intervalMinutes, lines: timer.minLines })}</td>
                  <td>
                    <InlineSwitch
                      label={t('timers.toggle', { name: timer.name })}
                      checked={timer.enabled}
                      onChange={(value) => void toggle(timer, value)}
                      testId="timer-toggle"
                    />
                  </td>
                  <td>
                    <StyledRowActions>
                      <Button variant="secondary" onClick={() => setEditing({ timer })} aria-label={t('timers.edit', { name: timer.name })}>
                        {t('common.edit')}
                      </Button>
                      <Button variant="ghost" onClick={() => setDeleting(timer)} aria-label={t('timers.delete', { name: timer.name })} data-testid="timer-delete">
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
        title={editing?.timer ? t('timers.editTitle', { name: editing.timer.name }) : t('timers.newTitle')}
        onClose={() => setEditing(null)}
        busy={busy}
        testId="timer-dialog"
      >
        {editing ? (
          <TimerForm
            channelId={channelId}
            timer={editing.timer}
            onBusy={setBusy}
            onCancel={() => setEditing(null)}
            onDone={(saved) => {
              setEditing(null);
              toast.show({ variant: 'success', title: t('timers.saved', { name: saved.name }) });
              onChanged();
            }}
          />
        ) : null}
      </ModalDialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t('timers.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        busy={removing}
        testId="timer-delete-dialog"
      >
        <p>{t('timers.deleteText')}</p>
      </ConfirmDialog>
    </SectionCard>
  );
}
