import { useTranslation } from 'react-i18next'
import { Alert } from '../../../../components/ui/alert'
import { DialogFormActions } from '../../../../components/ui/dialog-form-actions'
import { StyledFormGrid } from '../../../../components/ui/form-grid'
import { SelectField } from '../../../../components/ui/select-field'
import { Switch } from '../../../../components/ui/switch'
import { TextField } from '../../../../components/ui/text-field'
import { type AssistantCommandFragment, AssistantCreateCommandDocument, AssistantUpdateCommandDocument } from '../../graphql/automation.generated'
import { useMutation } from '@apollo/client/react'
import { AVAILABILITIES, type CommandDraft, type CommandField, EMPTY_COMMAND, PERMISSIONS, checkCommand, commandDraftOf, commandInput } from '../../lib/drafts'
import { MAX_COOLDOWN_SECONDS, COMMAND_VARIABLES, normaliseTrigger } from '../../lib/template'
import { TemplateEditor } from './template-editor'
import { useDraftForm } from './use-draft-form'

const SERVER_FIELDS: readonly CommandField[] = [
  'trigger',
  'response',
  'cooldownSeconds',
  'userCooldownSeconds',
  'permission',
  'category',
  'aliases',
  'availability',
  'allowedUsers',
  'deniedUsers',
]

export interface CommandFormProps {
  channelId: string
  command: AssistantCommandFragment | null
  categoryChatBot: boolean
  onDone: (saved: AssistantCommandFragment) => void
  onCancel: () => void
  onBusy: (busy: boolean) => void
}

/** Create or edit a command; the server's field errors show under their field. */
export function CommandForm({ channelId, command, categoryChatBot, onDone, onCancel, onBusy }: CommandFormProps) {
  const { t } = useTranslation('assistant')
  const [create, { loading: creating }] = useMutation(AssistantCreateCommandDocument)
  const [update, { loading: updating }] = useMutation(AssistantUpdateCommandDocument)
  const saving = creating || updating
  const { draft, set, errorsFor, failure, handleSubmit } = useDraftForm({
    initial: command ? commandDraftOf(command) : EMPTY_COMMAND,
    check: checkCommand,
    fields: SERVER_FIELDS,
    saving,
    onBusy,
    onDone,
    save: async (current) => {
      const input = commandInput(current)
      return command
        ? (await update({ variables: { id: command.id, input } })).data?.updateChatCommand
        : (await create({ variables: { channelId, input } })).data?.createChatCommand
    },
  })
  const trigger = normaliseTrigger(draft.trigger) || '!command'

  return (
    <form noValidate onSubmit={handleSubmit} data-testid="command-form">
      {failure ? <Alert testId="command-form-error">{failure}</Alert> : null}
      <TextField
        label={t('commands.fields.trigger')}
        hint={t('commands.hints.trigger')}
        errors={errorsFor('trigger')}
        value={draft.trigger}
        onChange={(event) => set('trigger', event.target.value)}
        placeholder="!discord"
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        data-testid="command-trigger"
      />
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
      <StyledFormGrid>
        <TextField
          label={t('commands.fields.cooldownSeconds')}
          hint={t('commands.hints.cooldownSeconds')}
          errors={errorsFor('cooldownSeconds')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_COOLDOWN_SECONDS}
          value={draft.cooldownSeconds}
          onChange={(event) => set('cooldownSeconds', event.target.value)}
          data-testid="command-cooldown"
        />
        <TextField
          label={t('commands.fields.userCooldownSeconds')}
          hint={t('commands.hints.userCooldownSeconds')}
          errors={errorsFor('userCooldownSeconds')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_COOLDOWN_SECONDS}
          value={draft.userCooldownSeconds}
          onChange={(event) => set('userCooldownSeconds', event.target.value)}
          data-testid="command-user-cooldown"
        />
        <SelectField
          label={t('commands.fields.permission')}
          errors={errorsFor('permission')}
          value={draft.permission}
          onChange={(event) => set('permission', event.target.value as CommandDraft['permission'])}
          data-testid="command-permission"
        >
          {PERMISSIONS.map((permission) => (
            <option key={permission} value={permission}>
              {t(`permissions.${permission}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('commands.fields.category')}
          hint={categoryChatBot ? t('commands.hints.category') : t('commands.hints.categoryOff')}
          errors={errorsFor('category')}
          value={draft.category}
          onChange={(event) => set('category', event.target.value)}
          placeholder={t('commands.hints.categoryPlaceholder')}
          data-testid="command-category"
        />
        <TextField
          label={t('commands.fields.aliases')}
          hint={t('commands.hints.aliases')}
          errors={errorsFor('aliases')}
          value={draft.aliases}
          onChange={(event) => set('aliases', event.target.value)}
          placeholder="!dc, !disc"
          autoComplete="off"
          spellCheck={false}
          data-testid="command-aliases"
        />
        <SelectField
          label={t('commands.fields.availability')}
          errors={errorsFor('availability')}
          value={draft.availability}
          onChange={(event) => set('availability', event.target.value as CommandDraft['availability'])}
          data-testid="command-availability"
        >
          {AVAILABILITIES.map((availability) => (
            <option key={availability} value={availability}>
              {t(`availability.${availability}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('commands.fields.allowedUsers')}
          hint={t('commands.hints.allowedUsers')}
          errors={errorsFor('allowedUsers')}
          value={draft.allowedUsers}
          onChange={(event) => set('allowedUsers', event.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="command-allowed"
        />
        <TextField
          label={t('commands.fields.deniedUsers')}
          hint={t('commands.hints.deniedUsers')}
          errors={errorsFor('deniedUsers')}
          value={draft.deniedUsers}
          onChange={(event) => set('deniedUsers', event.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="command-denied"
        />
      </StyledFormGrid>
      <Switch label={t('commands.fields.enabled')} checked={draft.enabled} onChange={(value) => set('enabled', value)} testId="command-enabled" />
      <DialogFormActions submitLabel={saving ? t('common.saving') : t('common.save')} onCancel={onCancel} busy={saving} submitTestId="command-save" />
    </form>
  )
}
