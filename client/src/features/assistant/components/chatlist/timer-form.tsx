import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { type AssistantTimerFragment, useAssistantCreateTimerMutation, useAssistantUpdateTimerMutation } from '../../../../gql/graphql';
import { type DraftProblems, EMPTY_TIMER, type TimerDraft, type TimerField, checkTimer, hasProblems, timerDraftOf, timerInput } from '../../lib/drafts';
import { assistantErrorCode, fieldErrorsOf } from '../../lib/errors';
import { MAX_MIN_LINES, MAX_TIMER_MINUTES, MIN_TIMER_MINUTES, TIMER_VARIABLES } from '../../lib/template';
import { FormField, StyledInput } from '../form-field';
import { StyledDialogActions } from '../modal-dialog';
import { useErrorText } from '../query-state';
import { Switch } from '../switch';
import { StyledTwoColumns } from './command-form';
import { TemplateEditor } from './template-editor';
import { useFieldErrors } from './use-problem-text';

const SERVER_FIELDS: readonly TimerField[] = ['name', 'message', 'intervalMinutes', 'minLines'];

export interface TimerFormProps {
  channelId: string;
  timer: AssistantTimerFragment | null;
  onDone: (saved: AssistantTimerFragment) => void;
  onCancel: () => void;
  onBusy: (busy: boolean) => void;
}

/** Create or edit a timer: a message every N minutes once M chat lines have passed. */
export function TimerForm({ channelId, timer, onDone, onCancel, onBusy }: TimerFormProps) {
  const { t } = useTranslation('assistant');
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const [draft, setDraft] = useState<TimerDraft>(timer ? timerDraftOf(timer) : EMPTY_TIMER);
  const [problems, setProblems] = useState<DraftProblems<TimerField>>({});
  const [serverFields, setServerFields] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { loading: creating }] = useAssistantCreateTimerMutation();
  const [update, { loading: updating }] = useAssistantUpdateTimerMutation();
  const saving = creating || updating;

  function set<K extends TimerField>(key: K, value: TimerDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [key]: undefined }));
    setServerFields((current) => ({ ...current, [key]: [] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const found = checkTimer(draft);
    setProblems(found);
    setServerFields({});
    if (hasProblems(found)) return;
    onBusy(true);
    try {
      const input = timerInput(draft);
      const saved = timer
        ? (await update({ variables: { id: timer.id, input } })).data?.updateChatTimer
        : (await create({ variables: { channelId, input } })).data?.createChatTimer;
      if (saved) onDone(saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setServerFields(fields);
      const unplaced = Object.keys(fields).filter((key) => !(SERVER_FIELDS as readonly string[]).includes(key));
      if (assistantErrorCode(error) !== 'BAD_USER_INPUT' || Object.keys(fields).length === 0 || unplaced.length > 0) {
        setFailure(errorText(error));
      }
    } finally {
      onBusy(false);
    }
  }

  const errorsFor = (field: TimerField) => fieldErrors(problems[field], serverFields[field]);

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="timer-form">
      {failure ? <Alert testId="timer-form-error">{failure}</Alert> : null}
      <FormField label={t('timers.fields.name')} hint={t('timers.hints.name')} errors={errorsFor('name')}>
        {(control) => (
          <StyledInput {...control} value={draft.name} onChange={(event) => set('name', event.target.value)} maxLength={80} data-autofocus data-testid="timer-name" />
        )}
      </FormField>
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
      <StyledTwoColumns>
        <FormField label={t('timers.fields.intervalMinutes')} hint={t('timers.hints.intervalMinutes', { min: MIN_TIMER_MINUTES })} errors={errorsFor('intervalMinutes')}>
          {(control) => (
            <StyledInput
              {...control}
              type="number"
              inputMode="numeric"
              min={MIN_TIMER_MINUTES}
              max={MAX_TIMER_MINUTES}
              value={draft.intervalMinutes}
              onChange={(event) => set('intervalMinutes', event.target.value)}
              data-testid="timer-interval"
            />
          )}
        </FormField>
        <FormField label={t('timers.fields.minLines')} hint={t('timers.hints.minLines')} errors={errorsFor('minLines')}>
          {(control) => (
            <StyledInput
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_MIN_LINES}
              value={draft.minLines}
              onChange={(event) => set('minLines', event.target.value)}
              data-testid="timer-min-lines"
            />
          )}
        </FormField>
      </StyledTwoColumns>
      <Switch label={t('timers.fields.enabled')} checked={draft.enabled} onChange={(value) => set('enabled', value)} testId="timer-enabled" />
      <StyledDialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving} data-testid="timer-save">
          {saving ? t('common.saving') : t('common.save')}
        </Button>
      </StyledDialogActions>
    </form>
  );
}
