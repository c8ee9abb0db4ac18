import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { Switch } from '../../../components/ui/switch'
import { TextField } from '../../../components/ui/text-field'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import { AlertsPageDocument, RegenerateOverlayUrlDocument, UpdateOverlayDocument } from '../graphql/alerts.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { ASSISTANT_PATHS, withChannel } from '../../../components/channel-page/paths'
import { AlertTypeForm } from '../components/alert-type-form'

const StyledStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
`

/** The real overlay (its page, framed: allowed for this origin only), at a stream's 16:9. */
const StyledPreviewFrame = styled.iframe`
  width: 100%;
  aspect-ratio: 16 / 9;
  border: 0;
  border-radius: 8px;
`

function Alerts({ channel }: { channel: AssistantChannelFragment }) {
  const { t } = useTranslation('alerts')
  const errorText = useErrorText()
  const { data, loading, error, refetch } = useQuery(AlertsPageDocument, { variables: { channelId: channel.id } })
  const [regenerate, regenerating] = useMutation(RegenerateOverlayUrlDocument)
  const [updateOverlay, updating] = useMutation(UpdateOverlayDocument)
  const [confirming, setConfirming] = useState(false)
  const [actionError, setActionError] = useState<unknown>(null)

  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="alerts-error" />
  if (loading && !data) return <LoadingState testId="alerts-loading" />
  const c = data?.channel
  if (!c) return null
  const url = `${window.location.origin}${c.overlay.path}`

  return (
    <StyledStack>
      {c.alertScopesMissing.length ? (
        <Alert variant="warning" testId="alerts-scopes">
          {t('scopesMissing', { scopes: c.alertScopesMissing.join(', ') })} <Link to={withChannel(ASSISTANT_PATHS.panel, channel.id)}>{t('toPanel')}</Link>
        </Alert>
      ) : null}
      {actionError ? <Alert testId="alerts-action-error">{errorText(actionError)}</Alert> : null}
      <StyledCard as="section" aria-labelledby="overlay-url" data-testid="overlay-card">
        <h2 id="overlay-url">{t('overlayUrl.title')}</h2>
        <p>{t('overlayUrl.text')}</p>
        <TextField label={t('overlayUrl.label')} value={url} readOnly onFocus={(e) => e.target.select()} data-testid="overlay-url" />
        <p>{t('overlayUrl.boxes')}</p>
        <h3 id="overlay-preview-title">{t('overlayUrl.previewTitle')}</h3>
        <p>{t('overlayUrl.previewHint')}</p>
        <StyledPreviewFrame
          key={c.overlay.path}
          src={`${c.overlay.path}?preview=1`}
          title={t('overlayUrl.previewTitle')}
          referrerPolicy="no-referrer"
          data-testid="overlay-preview"
        />
        <Switch
          label={t('overlayUrl.hideBot')}
          description={t('overlayUrl.hideBotHint')}
          checked={c.overlay.hideBot}
          busy={updating.loading}
          disabled={updating.loading}
          onChange={(hideBot) => {
            setActionError(null)
            void updateOverlay({ variables: { channelId: channel.id, hideBot } })
              .then(() => refetch())
              .catch((e: unknown) => setActionError(e))
          }}
          testId="overlay-hide-bot"
        />
        <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="overlay-regenerate">
          {t('overlayUrl.regenerate')}
        </Button>
      </StyledCard>
      <ConfirmDialog
        open={confirming}
        title={t('overlayUrl.confirmTitle')}
        message={t('overlayUrl.confirmText')}
        confirmLabel={t('overlayUrl.regenerate')}
        busy={regenerating.loading}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void regenerate({ variables: { channelId: channel.id } })
            .then(() => refetch())
            .catch((e: unknown) => setActionError(e))
            .finally(() => setConfirming(false))
        }
      />
      {c.alertSettings.map((s) => (
        <AlertTypeForm key={`${channel.id}-${s.type}`} channelId={channel.id} settings={s} />
      ))}
    </StyledStack>
  )
}

/** /pages/alerts: the overlay URL (regenerable) and each alert type's settings, with a preview and a test alert. */
export default function AlertsPage({ title }: { title: string }) {
  const { t } = useTranslation('alerts')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="alerts-page" need="owner">
      {(channel) => <Alerts key={channel.id} channel={channel} />}
    </ChannelPage>
  )
}
