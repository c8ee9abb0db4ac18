import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { useToast } from '../../../components/ui/toast-provider'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import { CreateWebhookEndpointDocument, WebhookEndpointsDocument } from '../graphql/webhooks.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { EndpointCard } from '../components/endpoint-card'
import { EndpointForm } from '../components/endpoint-form'

const StyledColumn = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};

  h2,
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
`

function Endpoints({ channel }: { channel: AssistantChannelFragment }) {
  const { t } = useTranslation('webhooks')
  const toast = useToast()
  const errorText = useErrorText()
  const [adding, setAdding] = useState(false)
  const { data, loading, error, refetch } = useQuery(WebhookEndpointsDocument, { variables: { channelId: channel.id } })
  const [create, { loading: creating }] = useMutation(CreateWebhookEndpointDocument)
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} />
  if (loading || !data) return <LoadingState />
  const eventTypes = data.webhookEventTypes.filter((e) => e.type !== 'webhook.test')
  const reload = () => void refetch().catch(() => {})
  return (
    <StyledColumn>
      {data.webhookEndpoints.length === 0 && !adding ? <EmptyState testId="webhooks-empty">{t('empty')}</EmptyState> : null}
      {data.webhookEndpoints.map((e) => (
        <EndpointCard key={e.id} endpoint={e} eventTypes={eventTypes} onDeleted={reload} />
      ))}
      {adding ? (
        <StyledCard aria-labelledby="webhook-new-title">
          <h2 id="webhook-new-title">{t('form.newTitle')}</h2>
          <EndpointForm
            initial={{ url: '', description: '', events: ['follow'] }}
            eventTypes={eventTypes}
            busy={creating}
            submitLabel={t('form.create')}
            onCancel={() => setAdding(false)}
            onSubmit={(draft) =>
              void create({ variables: { channelId: channel.id, input: draft } })
                .then(() => {
                  setAdding(false)
                  toast.show({ variant: 'success', title: t('endpoint.created') })
                  reload()
                })
                .catch((e: unknown) => toast.show({ variant: 'danger', title: t('endpoint.notSaved'), message: errorText(e) }))
            }
          />
        </StyledCard>
      ) : (
        <div>
          <Button onClick={() => setAdding(true)} data-testid="webhook-add">
            {t('add')}
          </Button>
        </div>
      )}
    </StyledColumn>
  )
}

/** /pages/webhooks: the channel's outgoing webhooks (Standard Webhooks signing) and their delivery logs. */
export default function WebhooksPage({ title }: { title: string }) {
  const { t } = useTranslation('webhooks')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="webhooks-page">
      {(channel) => <Endpoints key={channel.id} channel={channel} />}
    </ChannelPage>
  )
}
