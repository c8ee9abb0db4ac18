import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { StyledTable, StyledTableWrap } from '../../../components/ui/table'
import { useToast } from '../../../components/ui/toast-provider'
import { RedeliverWebhookDocument, WebhookDeliveriesDocument } from '../graphql/webhooks.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useFormatters } from '../../../lib/format'
import { useErrorText } from '../../../lib/use-error-text'

/** An endpoint's delivery log, newest first: status, latency, the answer's excerpt; redeliver. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('webhooks')
  const f = useFormatters()
  const toast = useToast()
  const errorText = useErrorText()
  const { data, loading, error, refetch } = useQuery(WebhookDeliveriesDocument, { variables: { endpointId, first: 20 }, fetchPolicy: 'cache-and-network' })
  const [redeliver, { loading: redelivering }] = useMutation(RedeliverWebhookDocument)
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} />
  if (loading && !data) return <LoadingState />
  const rows = data?.webhookDeliveries ?? []
  return (
    <div data-testid="webhook-log">
      <Button variant="ghost" onClick={() => void refetch().catch(() => {})} data-testid="webhook-log-refresh">
        {t('log.refresh')}
      </Button>
      {rows.length === 0 ? (
        <EmptyState testId="webhook-log-empty">{t('log.empty')}</EmptyState>
      ) : (
        <StyledTableWrap>
          <StyledTable $compact>
            <thead>
              <tr>
                <th>{t('log.event')}</th>
                <th>{t('log.status')}</th>
                <th>{t('log.response')}</th>
                <th>{t('log.latency')}</th>
                <th>{t('log.when')}</th>
                <th>
                  <span className="visually-hidden">{t('log.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id} data-testid="webhook-log-row" data-status={d.status}>
                  <td>
                    <code>{d.eventType}</code>
                    <br />
                    <small>{d.messageId}</small>
                  </td>
                  <td>
                    {t(`log.statuses.${d.status}`)} ({t('log.attempts', { count: d.attempts })})
                  </td>
                  <td>
                    {d.responseStatus ?? '—'}
                    {d.responseExcerpt ? (
                      <details>
                        <summary>{t('log.excerpt')}</summary>
                        <pre data-user-content>{d.responseExcerpt}</pre>
                      </details>
                    ) : null}
                  </td>
                  <td>{d.latencyMs === null || d.latencyMs === undefined ? '—' : t('log.ms', { ms: f.number(d.latencyMs) })}</td>
                  <td>{f.dateTime(d.lastAttemptAt ?? d.createdAt)}</td>
                  <td>
                    <Button
                      variant="secondary"
                      disabled={redelivering}
                      data-testid="webhook-redeliver"
                      onClick={() =>
                        void redeliver({ variables: { deliveryId: d.id } })
                          .then(() => {
                            toast.show({ variant: 'success', title: t('log.redelivered') })
                            return refetch()
                          })
                          .catch((e: unknown) => toast.show({ variant: 'danger', title: t('log.notRedelivered'), message: errorText(e) }))
                      }
                    >
                      {t('log.redeliver')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </StyledTable>
        </StyledTableWrap>
      )}
    </div>
  )
}
