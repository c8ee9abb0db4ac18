import { useTranslation } from 'react-i18next'
import { Alert } from '../../../../components/ui/alert'
import { DialogFormActions } from '../../../../components/ui/dialog-form-actions'
import { StyledFormGrid } from '../../../../components/ui/form-grid'
import { Switch } from '../../../../components/ui/switch'
import { TextField } from '../../../../components/ui/text-field'
import { AssistantCreateTimerDocument, type AssistantTimerFragment, AssistantUpdateTimerDocument } from '../../graphql/automation.generated'
import { useMutation } from '@apollo/client/react'
import { EMPTY_TIMER, type TimerField, checkTimer, timerDraftOf, timerInput } from '../../lib/drafts'
import { MAX_MIN_LINES, MAX_TIMER_MINUTES, MIN_TIMER_MINUTES, TIMER_VARIABLES } from '../../lib/template'
import { TemplateEditor } from './template-editor'
import { useDraftForm } from './use-draft-form'

const SERVER_FIELDS: readonly TimerField[] = ['name', 'message', 'intervalMinutes', 'minLines']

export interface TimerFormProps {
  channelId: string
  timer: AssistantTimerFragment | null
  onDone: (saved: AssistantTimerFragment) => void
  onCancel: () => void
  onBusy: (busy: boolean) => void
}

/** Create or edit a timer: a message every N minutes once M chat lines have passed. */
export function TimerForm({ channelId, timer, onDone, onCancel, onBusy }: TimerFormProps) {
  const { t } = useTranslation('assistant')
  const [create, { loading: creating }] = useMutation(AssistantCreateTimerDocument)
  const [update, { loading: updating }] = useMutation(AssistantUpdateTimerDocument)
  const saving = creating || updating
  const { draft, set, errorsFor, failure, handleSubmit } = useDraftForm({
    initial: timer ? timerDraftOf(timer) : EMPTY_TIMER,
    check: checkTimer,
    fields: SERVER_FIELDS,
    saving,
    onBusy,
    onDone,
    save: async (current) => {
      const input = timerInput(current)
      return timer
        ? (await update({ variables: { id: timer.id, input } })).data?.updateChatTimer
        : (await create({ variables: { channelId, input } })).data?.createChatTimer
    },
  })

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="timer-form">
      {failure ? <Alert testId="timer-form-error">{failure}</Alert> : null}
      <TextField
        label={t('timers.fields.name')}
        hint={t('timers.hints.name')}
        errors={errorsFor('name')}
        value={draft.name}
        onChange={(event) => set('name', event.target.value)}
        maxLength={80}
        data-autofocus
        data-testid="timer-name"
      />
      <TemplateEditor
        label={t('timers.fields.message')}
        value={draft.message}
        onChange={(value) => set('message', value)}
        variables={TIMER_VARIABLES}
        errors={errorsFor('message')}
        previewCaption={t('template.timerCaption')}
        sample={{ user: '', touser: '', count: 0, uptime: t('template.sampleUptime') }}
        testId="timer-message"
      />
      <StyledFormGrid>
        <TextField
          label={t('timers.fields.intervalMinutes')}
          hint={t('timers.hints.intervalMinutes', { min: MIN_TIMER_MINUTES })}
          errors={errorsFor('intervalMinutes')}
          type="number"
          inputMode="numeric"
          min={MIN_TIMER_MINUTES}
          max={MAX_TIMER_MINUTES}
          value={draft.intervalMinutes}
          onChange={(event) => set('intervalMinutes', event.target.value)}
          data-testid="timer-interval"
        />
        <TextField
          label={t('timers.fields.minLines')}
          hint={t('timers.hints.minLines')}
          errors={errorsFor('minLines')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MIN_LINES}
          value={draft.minLines}
          onChange={(event) => set('minLines', event.target.value)}
          data-testid="timer-min-lines"
        />
      </StyledFormGrid>
      <Switch label={t('timers.fields.enabled')} checked={draft.enabled} onChange={(value) => set('enabled', value)} testId="timer-enabled" />
      <DialogFormActions submitLabel={saving ? t('common.saving') : t('common.save')} onCancel={onCancel} busy={saving} submitTestId="timer-save" />
    </form>
  )
}
