import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import {
  type AssistantCommandFragment,
  useAssistantCreateCommandMutation,
  useAssistantUpdateCommandMutation,
} from '../../../../gql/graphql';
import {
  type CommandDraft,
  type CommandField,
  type DraftProblems,
  EMPTY_COMMAND,
  PERMISSIONS,
  checkCommand,
  commandDraftOf,
  commandInput,
  hasProblems,
} from '../../lib/drafts';
import { assistantErrorCode, fieldErrorsOf } from '../../lib/errors';
import { MAX_COOLDOWN_SECONDS, COMMAND_VARIABLES, normaliseTrigger } from '../../lib/template';
import { FormField, StyledInput, StyledSelect } from '../form-field';
import { StyledDialogActions } from '../modal-dialog';
import { useErrorText } from '../query-state';
import { Switch } from '../switch';
import { TemplateEditor } from './template-editor';
import { useFieldErrors } from './use-problem-text';

export const StyledTwoColumns = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space.lg};

  @media ${({ theme }) => theme.media.smUp} {
    grid-template-columns: 1fr 1fr;
  }
`;

const SERVER_FIELDS: readonly CommandField[] = ['trigger', 'response', 'cooldownSeconds', 'userCooldownSeconds', 'permission', 'category'];

export interface CommandFormProps {
  channelId: string;
  command: AssistantCommandFragment | null;
  categoryChatBot: boolean;
  onDone: (saved: AssistantCommandFragment) => void;
  onCancel: () => void;
  onBusy: (busy: boolean) => void;
}

/** Create or edit a command; the server's field errors show under their field. */
export function CommandForm({ channelId, command, categoryChatBot, onDone, onCancel, onBusy }: CommandFormProps) {
  const { t } = useTranslation('assistant');
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const [draft, setDraft] = useState<CommandDraft>(command ? commandDraftOf(command) : EMPTY_COMMAND);
  const [problems, setProblems] = useState<DraftProblems<CommandField>>({});
  const [serverFields, setServerFields] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { loading: creating }] = useAssistantCreateCommandMutation();
  const [update, { loading: updating }] = useAssistantUpdateCommandMutation();
  const saving = creating || updating;

  function set<K extends CommandField>(key: K, value: CommandDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [key]: undefined }));
    setServerFields((current) => ({ ...current, [key]: [] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const found = checkCommand(draft);
    setProblems(found);
    setServerFields({});
    if (hasProblems(found)) return;
    onBusy(true);
    try {
      const input = commandInput(draft);
      const saved = command
        ? (await update({ variables: { id: command.id, input } })).data?.updateChatCommand
        : (await create({ variables: { channelId, input } })).data?.createChatCommand;
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

  const errorsFor = (field: CommandField) => fieldErrors(problems[field], serverFields[field]);
  const trigger = normaliseTrigger(draft.trigger) || '!command';

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="command-form">
      {failure ? <Alert testId="command-form-error">{failure}</Alert> : null}
      <FormField label={t('commands.fields.trigger')} hint={t('commands.hints.trigger')} errors={errorsFor('trigger')}>
        {(control) => (
          <StyledInput
            {...control}
            value={draft.trigger}
            onChange={(event) => set('trigger', event.target.value)}
            placeholder="!discord"
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            data-testid="command-trigger"
          />
        )}
      </FormField>
      <TemplateEditor
        label={t('commands.fields.response')}
        value={draft.response}
        onChange={(value) => set('response', value)}
        variables={COMMAND_VARIABLES}
        errors={errorsFor('response')}
        previewCaption={t('template.commandCaption', { user: t('template.sampleUser'), message: `${trigger} @${t('template.sampleTouser')}` })}
        sample={{ user: t('template.sampleUser'), touser: t('template.sampleTouser'), count: (command?.useCount ?? 0) + 1, uptime: t('template.sampleUptime') }}
        testId="command-response"
      />
      <StyledTwoColumns>
        <FormField label={t('commands.fields.cooldownSeconds')} hint={t('commands.hints.cooldownSeconds')} errors={errorsFor('cooldownSeconds')}>
          {(control) => (
            <StyledInput
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_COOLDOWN_SECONDS}
              value={draft.cooldownSeconds}
              onChange={(event) => set('cooldownSeconds', event.target.value)}
              data-testid="command-cooldown"
            />
          )}
        </FormField>
        <FormField label={t('commands.fields.userCooldownSeconds')} hint={t('commands.hints.userCooldownSeconds')} errors={errorsFor('userCooldownSeconds')}>
          {(control) => (
            <StyledInput
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_COOLDOWN_SECONDS}
              value={draft.userCooldownSeconds}
              onChange={(event) => set('userCooldownSeconds', event.target.value)}
              data-testid="command-user-cooldown"
            />
          )}
        </FormField>
        <FormField label={t('commands.fields.permission')} errors={errorsFor('permission')}>
          {(control) => (
            <StyledSelect
              {...control}
              value={draft.permission}
              onChange={(event) => set('permission', event.target.value as CommandDraft['permission'])}
              data-testid="command-permission"
            >
              {PERMISSIONS.map((permission) => (
                <option key={permission} value={permission}>
                  {t(`permissions.${permission}`)}
                </option>
              ))}
            </StyledSelect>
          )}
        </FormField>
        <FormField
          label={t('commands.fields.category')}
          hint={categoryChatBot ? t('commands.hints.category') : t('commands.hints.categoryOff')}
          errors={errorsFor('category')}
        >
          {(control) => (
            <StyledInput
              {...control}
              value={draft.category}
              onChange={(event) => set('category', event.target.value)}
              placeholder={t('commands.hints.categoryPlaceholder')}
              data-testid="command-category"
            />
          )}
        </FormField>
      </StyledTwoColumns>
      <Switch label={t('commands.fields.enabled')} checked={draft.enabled} onChange={(value) => set('enabled', value)} testId="command-enabled" />
      <StyledDialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving} data-testid="command-save">
          {saving ? t('common.saving') : t('common.save')}
        </Button>
      </StyledDialogActions>
    </form>
  );
}
