import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { StyledHeaderRow } from '../../../components/ui/header-row'
import { SwitchButton } from '../../../components/ui/switch-button'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { UpdateConversationSettingsDocument } from '../graphql/conversation.generated'
import { useMutation } from '@apollo/client/react'
import { fieldErrorsOf, needsGeneralMessage } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'
import { ManagedFields, useCanManage } from '../../../components/channel-page/channel-access'

export interface ModelSectionProps {
  channelId: string
  modelConfigured: boolean
  modelName: string | null
  botName: string | null
  modelEnabled: boolean
  systemPrompt: string
  fallbackAnswer: string
  onChanged: () => void
}

/** Model answers: only when no rule matched and the message names the bot; the deployment's endpoint, the owner's prompt. */
export function ModelSection(props: ModelSectionProps) {
  const { channelId, modelConfigured, modelName, botName, modelEnabled, onChanged } = props
  const { t } = useTranslation('conversation')
  const errorText = useErrorText()
  const [prompt, setPrompt] = useState(props.systemPrompt)
  const [fallback, setFallback] = useState(props.fallbackAnswer)
  const [error, setError] = useState<unknown>(null)
  const [saved, setSaved] = useState(false)
  const [save, { loading }] = useMutation(UpdateConversationSettingsDocument)
  const fields = error ? fieldErrorsOf(error) : {}
  // A member who only views the conversation bot reads the prompt and the fallback, and changes neither.
  const canManage = useCanManage('conversation')

  async function run(input: { modelEnabled?: boolean; systemPrompt?: string; fallbackAnswer?: string }) {
    setError(null)
    setSaved(false)
    try {
      await save({ variables: { channelId, input } })
      setSaved(true)
    } catch (e) {
      setError(e)
    }
    onChanged()
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    void run({ systemPrompt: prompt, fallbackAnswer: fallback })
  }

  return (
    <StyledCard data-testid="conversation-model">
      <StyledHeaderRow>
        <h2 id="conversation-model-title">{t('model.title')}</h2>
        <SwitchButton
          checked={modelEnabled}
          disabled={!modelConfigured || !canManage}
          busy={loading}
          aria-labelledby="conversation-model-title"
          onChange={(on) => void run({ modelEnabled: on })}
          testId="conversation-model-switch"
        />
      </StyledHeaderRow>
      <p>{t('model.when')}</p>
      {botName ? (
        <p>
          {t('model.mention')} <code data-testid="conversation-bot-name">@{botName}</code>
        </p>
      ) : null}
      {modelConfigured ? (
        <Alert variant="info" testId="conversation-model-configured">
          {t('model.configured', { model: modelName || t('model.unnamed') })}
        </Alert>
      ) : (
        <Alert variant="warning" testId="conversation-model-missing">
          {t('model.missing')}
        </Alert>
      )}
      {error && needsGeneralMessage(error, ['systemPrompt', 'fallbackAnswer']) ? <Alert testId="conversation-model-error">{errorText(error)}</Alert> : null}
      {saved ? (
        <Alert variant="success" testId="conversation-model-saved">
          {t('model.saved')}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <ManagedFields module="conversation" testId="conversation-model-fields">
          <TextAreaField
            label={t('model.prompt')}
            hint={t('model.promptHint')}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            errors={fields.systemPrompt}
            maxLength={2000}
            rows={5}
            data-testid="conversation-prompt"
          />
          <TextField
            label={t('model.fallback')}
            hint={t('model.fallbackHint')}
            value={fallback}
            onChange={(e) => setFallback(e.target.value)}
            errors={fields.fallbackAnswer}
            maxLength={500}
            data-testid="conversation-fallback"
          />
        </ManagedFields>
        {canManage ? (
          <Button type="submit" disabled={loading} data-testid="conversation-model-save">
            {t('model.save')}
          </Button>
        ) : null}
      </form>
    </StyledCard>
  )
}
