import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { StyledFormGrid } from '../../../components/ui/form-grid'
import { SelectField } from '../../../components/ui/select-field'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import type { ConversationPermission, ConversationRuleKind } from '../../../gql/types'
import { type ConversationRuleFieldsFragment, CreateConversationRuleDocument, UpdateConversationRuleDocument } from '../graphql/conversation.generated'
import { useMutation } from '@apollo/client/react'
import { fieldErrorsOf, needsGeneralMessage } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'

const KINDS: readonly ConversationRuleKind[] = ['keyword', 'phrase', 'regex']
const PERMISSIONS: readonly ConversationPermission[] = ['everyone', 'subscriber', 'vip', 'moderator', 'broadcaster']

export interface RuleDialogProps {
  channelId: string
  /** null: a new rule. */
  rule: ConversationRuleFieldsFragment | null
  onClose: () => void
  onSaved: () => void
}

/** Adds or edits a rule; the server checks the pattern (regular expressions for catastrophic backtracking). */
export function RuleDialog({ channelId, rule, onClose, onSaved }: RuleDialogProps) {
  const { t } = useTranslation('conversation')
  const errorText = useErrorText()
  const [kind, setKind] = useState<ConversationRuleKind>(rule?.kind ?? 'keyword')
  const [pattern, setPattern] = useState(rule?.pattern ?? '')
  const [answer, setAnswer] = useState(rule?.answer ?? '')
  const [priority, setPriority] = useState(String(rule?.priority ?? 0))
  const [cooldown, setCooldown] = useState(String(rule?.cooldownSeconds ?? 30))
  const [userCooldown, setUserCooldown] = useState(String(rule?.userCooldownSeconds ?? 0))
  const [permission, setPermission] = useState<ConversationPermission>(rule?.permission ?? 'everyone')
  const [error, setError] = useState<unknown>(null)
  const [create, { loading: creating }] = useMutation(CreateConversationRuleDocument)
  const [update, { loading: updating }] = useMutation(UpdateConversationRuleDocument)
  const busy = creating || updating
  const fields = error ? fieldErrorsOf(error) : {}
  const shown = ['kind', 'pattern', 'answer', 'priority', 'cooldownSeconds', 'userCooldownSeconds', 'permission']

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    const input = {
      kind,
      pattern,
      answer,
      priority: Number(priority),
      cooldownSeconds: Number(cooldown),
      userCooldownSeconds: Number(userCooldown),
      permission,
    }
    try {
      if (rule) await update({ variables: { id: rule.id, input } })
      else await create({ variables: { channelId, input } })
      onSaved()
    } catch (err) {
      setError(err)
    }
  }

  return (
    <Dialog open title={rule ? t('rules.edit') : t('rules.new')} onClose={onClose} busy={busy} testId="conversation-rule-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {error && needsGeneralMessage(error, shown) ? <Alert testId="conversation-rule-error">{errorText(error)}</Alert> : null}
        <StyledFormGrid>
          <SelectField
            label={t('rules.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as ConversationRuleKind)}
            errors={fields.kind}
            data-testid="rule-kind"
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('rules.pattern')}
            value={pattern}
            onChange={(e) => setPattern(e.target.value)}
            errors={fields.pattern}
            hint={t(`hints.${kind}`)}
            maxLength={200}
            required
            data-testid="rule-pattern"
          />
        </StyledFormGrid>
        <TextAreaField
          label={t('rules.answer')}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          errors={fields.answer}
          hint={t('hints.answer')}
          maxLength={500}
          rows={3}
          required
          data-testid="rule-answer"
        />
        <StyledFormGrid>
          <TextField
            label={t('rules.priority')}
            type="number"
            min={-1000}
            max={1000}
            value={priority}
            onChange={(e) => setPriority(e.target.value)}
            errors={fields.priority}
            hint={t('hints.priority')}
          />
          <SelectField
            label={t('rules.permission')}
            value={permission}
            onChange={(e) => setPermission(e.target.value as ConversationPermission)}
            errors={fields.permission}
          >
            {PERMISSIONS.map((p) => (
              <option key={p} value={p}>
                {t(`permissions.${p}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('rules.cooldown')}
            type="number"
            min={0}
            max={86400}
            value={cooldown}
            onChange={(e) => setCooldown(e.target.value)}
            errors={fields.cooldownSeconds}
          />
          <TextField
            label={t('rules.userCooldown')}
            type="number"
            min={0}
            max={86400}
            value={userCooldown}
            onChange={(e) => setUserCooldown(e.target.value)}
            errors={fields.userCooldownSeconds}
          />
        </StyledFormGrid>
        <DialogFormActions submitLabel={t('rules.save')} onCancel={onClose} busy={busy} submitTestId="rule-save" />
      </form>
    </Dialog>
  )
}
