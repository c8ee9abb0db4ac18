import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Switch } from '../../../components/ui/switch'
import { useToast } from '../../../components/ui/toast-provider'
import {
  DeleteWebhookEndpointDocument,
  RotateWebhookSecretDocument,
  SendTestWebhookDocument,
  UpdateWebhookEndpointDocument,
  type WebhookEndpointFieldsFragment,
} from '../graphql/webhooks.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { DeliveryLog } from './delivery-log'
import { EndpointForm } from './endpoint-form'

/** One endpoint: its URL, secret (hidden until asked), events, on/off, edit, test, delete, and its log. */
export function EndpointCard({
  endpoint,
  eventTypes,
  onDeleted,
}: {
  endpoint: WebhookEndpointFieldsFragment
  eventTypes: readonly { type: string; description: string }[]
  onDeleted: () => void
}) {
  const { t } = useTranslation('webhooks')
  const toast = useToast()
  const errorText = useErrorText()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [confirmingRotate, setConfirmingRotate] = useState(false)
  const [showSecret, setShowSecret] = useState(false)
  const [showLog, setShowLog] = useState(false)
  const [update, { loading: updating }] = useMutation(UpdateWebhookEndpointDocument)
  const [remove, { loading: removing }] = useMutation(DeleteWebhookEndpointDocument)
  const [sendTest, { loading: testing }] = useMutation(SendTestWebhookDocument)
  const [rotate, { loading: rotating }] = useMutation(RotateWebhookSecretDocument)
  const fail = (title: string) => (e: unknown) => toast.show({ variant: 'danger', title, message: errorText(e) })

  return (
    <StyledCard data-testid="webhook-endpoint" aria-label={endpoint.url}>
      {editing ? (
        <EndpointForm
          initial={{ url: endpoint.url, description: endpoint.description, events: [...endpoint.events] }}
          eventTypes={eventTypes}
          busy={updating}
          submitLabel={t('form.save')}
          onCancel={() => setEditing(false)}
          onSubmit={(draft) =>
            void update({ variables: { id: endpoint.id, input: draft } })
              .then(() => {
                setEditing(false)
                toast.show({ variant: 'success', title: t('endpoint.saved') })
              })
              .catch(fail(t('endpoint.notSaved')))
          }
        />
      ) : (
        <>
          <h3 data-user-content>{endpoint.url}</h3>
          {endpoint.description ? <p data-user-content>{endpoint.description}</p> : null}
          {endpoint.disabledReason ? (
            <Alert variant="warning" testId="webhook-disabled">
              {t('endpoint.disabledByServer', { failures: endpoint.failures })}
            </Alert>
          ) : null}
          <p>
            {t('endpoint.events')}:{' '}
            {endpoint.events.map((e) => (
              <code key={e}>{e} </code>
            ))}
          </p>
          <p>
            {t('endpoint.secret')}: <code data-testid="webhook-secret">{showSecret ? endpoint.secret : 'whsec_••••••••'}</code>{' '}
            <Button variant="ghost" onClick={() => setShowSecret(!showSecret)} data-testid="webhook-secret-toggle">
              {showSecret ? t('endpoint.hideSecret') : t('endpoint.showSecret')}
            </Button>{' '}
            <Button variant="ghost" onClick={() => setConfirmingRotate(true)} data-testid="webhook-rotate">
              {t('endpoint.rotate')}
            </Button>
          </p>
          <Switch
            label={t('endpoint.enabled')}
            checked={endpoint.enabled}
            busy={updating}
            onChange={(enabled) => void update({ variables: { id: endpoint.id, input: { enabled } } }).catch(fail(t('endpoint.notSaved')))}
            testId="webhook-enabled"
          />
          <Button variant="secondary" onClick={() => setEditing(true)} data-testid="webhook-edit">
            {t('endpoint.edit')}
          </Button>{' '}
          <Button
            variant="secondary"
            disabled={testing || !endpoint.enabled}
            data-testid="webhook-test"
            onClick={() =>
              void sendTest({ variables: { endpointId: endpoint.id } })
                .then(() => {
                  toast.show({ variant: 'success', title: t('endpoint.testQueued') })
                  setShowLog(true)
                })
                .catch(fail(t('endpoint.testFailed')))
            }
          >
            {t('endpoint.sendTest')}
          </Button>{' '}
          <Button variant="ghost" onClick={() => setShowLog(!showLog)} aria-expanded={showLog} data-testid="webhook-log-toggle">
            {showLog ? t('endpoint.hideLog') : t('endpoint.showLog')}
          </Button>{' '}
          <Button variant="danger" onClick={() => setConfirming(true)} data-testid="webhook-delete">
            {t('endpoint.delete')}
          </Button>
          {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
        </>
      )}
      <ConfirmDialog
        open={confirmingRotate}
        title={t('endpoint.rotateTitle')}
        message={t('endpoint.rotateMessage', { url: endpoint.url })}
        confirmLabel={t('endpoint.rotate')}
        busy={rotating}
        testId="webhook-rotate-dialog"
        confirmTestId="webhook-rotate-confirm"
        onCancel={() => setConfirmingRotate(false)}
        onConfirm={() =>
          void rotate({ variables: { id: endpoint.id } })
            .then(() => {
              setConfirmingRotate(false)
              setShowSecret(true)
              toast.show({ variant: 'success', title: t('endpoint.rotated') })
            })
            .catch(fail(t('endpoint.notRotated')))
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('endpoint.deleteTitle')}
        message={t('endpoint.deleteMessage', { url: endpoint.url })}
        confirmLabel={t('endpoint.delete')}
        busy={removing}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void remove({ variables: { id: endpoint.id } })
            .then(() => {
              setConfirming(false)
              onDeleted()
            })
            .catch(fail(t('endpoint.notDeleted')))
        }
      />
    </StyledCard>
  )
}
