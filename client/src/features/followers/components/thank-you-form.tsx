import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { Switch } from '../../../components/ui/switch'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import { FollowerSettingsDocument, UpdateFollowerSettingsDocument } from '../graphql/followers.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { ManagedFields, useCanManage } from '../../../components/channel-page/channel-access'
import { DEFAULT_MAX_TEMPLATE, templateProblem } from '../lib/template'

/** The optional thank-you in chat: a switch and the template, validated as the server does. */
export function ThankYouForm({ channel }: { channel: AssistantChannelFragment }) {
  const { data, loading, error, refetch } = useQuery(FollowerSettingsDocument, { variables: { channelId: channel.id } })
  const settings = data?.followerSettings
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} />
  if (loading || !settings) return <LoadingState />
  return <ThankYouFields channel={channel} initial={settings} />
}

function ThankYouFields({
  channel,
  initial,
}: {
  channel: AssistantChannelFragment
  initial: { thankYou: boolean; template: string; maxTemplateLength: number }
}) {
  const { t } = useTranslation('followers')
  const toast = useToast()
  const errorText = useErrorText()
  // A member who only views followers reads the thank-you; the server refuses a change anyway.
  const canManage = useCanManage('followers')
  const [save, { loading: saving }] = useMutation(UpdateFollowerSettingsDocument)
  const [thankYou, setThankYou] = useState(initial.thankYou)
  const [template, setTemplate] = useState(initial.template)
  const [touched, setTouched] = useState(false)
  const max = initial.maxTemplateLength || DEFAULT_MAX_TEMPLATE
  const problem = templateProblem(template, max)
  async function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (problem) return
    try {
      await save({ variables: { channelId: channel.id, input: { thankYou, template: template.trim() } } })
      toast.show({ variant: 'success', title: t('thanks.saved') })
    } catch (e) {
      toast.show({ variant: 'danger', title: t('thanks.notSaved'), message: errorText(e) })
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="thank-you-form">
      <ManagedFields module="followers" testId="thank-you-fields">
        <Switch label={t('thanks.enabled')} description={t('thanks.description')} checked={thankYou} onChange={setThankYou} testId="thank-you-switch" />
        {thankYou && !channel.panel.active ? (
          <Alert variant="info" testId="thank-you-bot-off">
            {t('thanks.botOff')}
          </Alert>
        ) : null}
        <TextAreaField
          label={t('thanks.template')}
          value={template}
          rows={2}
          maxLength={max + 50}
          onChange={(e) => setTemplate(e.target.value)}
          onBlur={() => setTouched(true)}
          hint={t('thanks.hint', { max, length: template.trim().length })}
          errors={touched && problem ? [t(`thanks.problems.${problem}`, { max })] : undefined}
          data-testid="thank-you-template"
        />
      </ManagedFields>
      {canManage ? (
        <Button type="submit" disabled={saving} data-testid="thank-you-save">
          {saving ? t('thanks.saving') : t('thanks.save')}
        </Button>
      ) : null}
    </form>
  )
}
