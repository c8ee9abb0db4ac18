import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ChannelName } from '../../../../components/channel-page/channel-name'
import { Button } from '../../../../components/ui/button'
import { StyledCard } from '../../../../components/ui/card'
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog'
import { StyledDetails } from '../../../../components/ui/details-list'
import { Switch } from '../../../../components/ui/switch'
import { useToast } from '../../../../components/ui/toast-provider'
import type { AssistantChannelFragment } from '../../../../components/channel-page/channels.generated'
import { AssistantDisconnectChannelDocument } from '../../graphql/disconnect-channel.generated'
import { useMutation } from '@apollo/client/react'
import { ChannelAbilityContext, channelAbilityOf } from '../../../../lib/channel-ability'
import { ViewOnlyNotice } from '../../../../components/channel-page/channel-access'
import { useErrorText } from '../../../../lib/use-error-text'
import { formatDateTime } from '../../../../components/channel-page/format'
import { platformKey } from '../../../../components/channel-page/platform-label'
import { useChannelSwitches } from '../../hooks/use-channel-switches'
import { useConnect } from '../../hooks/use-connect'
import { useStatusReason } from '../../hooks/use-status-reason'
import { LiveBadge, PlatformBadge, StatusBadge } from '../status-badge'
import { scopeWords } from '../../lib/scopes'

const StyledChannelCard = styled(StyledCard)`
  display: grid;
  /* One column on a phone, never wider than the screen: a channel's name is cut (ChannelName), not the page widened. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xl};
  margin-bottom: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`

const StyledHeader = styled.header`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const StyledTitleRow = styled.div`
  display: flex;
  min-width: 0;
  max-width: 100%;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

const StyledStatusLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

const StyledReason = styled.p<{ $error: boolean }>`
  grid-column: 1 / -1;
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.text)};
  background: ${({ theme, $error }) => ($error ? theme.colors.dangerSoft : theme.colors.primarySoft)};
`

const StyledSubheading = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin-bottom: ${({ theme }) => theme.space.xs};
`

const StyledFacts = styled(StyledDetails)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`

const StyledScopes = styled.details`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.link};
  }

  ul {
    margin: ${({ theme }) => theme.space.sm} 0 0;
    padding-left: ${({ theme }) => theme.space.xl};
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`

const PANEL_SWITCHES = ['active', 'autostart', 'chatBot', 'categoryChatBot'] as const

/** One channel on the Bot-Panel: status, the four switches, the accounts, connect a bot account, disconnect. */
export function ChannelPanelCard({
  channel,
  onDisconnected,
  onSwitched,
}: {
  channel: AssistantChannelFragment
  onDisconnected: () => void
  /** A switch was saved (the status may change soon). */
  onSwitched: () => void
}) {
  const { t, i18n } = useTranslation('assistant')
  const toast = useToast()
  const errorText = useErrorText()
  const { setPanel } = useChannelSwitches()
  const { connect, pending, isPending, grantDialog } = useConnect()
  const [confirming, setConfirming] = useState(false)
  const [disconnect, { loading: disconnecting }] = useMutation(AssistantDisconnectChannelDocument)
  // On a channel the user helps with (a team), the switches follow their group; the accounts
  // and disconnecting stay the owner's.
  const ability = useMemo(() => channelAbilityOf(channel.myAccess), [channel.myAccess])
  const owner = ability.can('owner', 'channel')
  const platform = t(platformKey(channel))
  const { status } = channel
  const reason = useStatusReason()(status)
  const headingId = `channel-${channel.id}-title`

  async function handleDisconnect() {
    try {
      await disconnect({
        variables: { channelId: channel.id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Channel', id: channel.id }) })
          cache.gc()
        },
      })
      setConfirming(false)
      toast.show({ variant: 'success', title: t('panel.disconnectedTitle', { name: channel.displayName }) })
      onDisconnected()
    } catch (error) {
      setConfirming(false)
      toast.show({ variant: 'danger', title: t('panel.disconnectFailed'), message: errorText(error) })
    }
  }

  return (
    <StyledChannelCard aria-labelledby={headingId} data-testid="channel-card" data-channel-id={channel.id} data-platform={channel.platform}>
      <StyledHeader>
        <StyledTitleRow>
          <PlatformBadge platform={channel.platform} sandbox={channel.sandbox} />
          <ChannelName as="h2" id={headingId} text={channel.displayName} />
        </StyledTitleRow>
        <StyledStatusLine aria-live="polite">
          <span className="visually-hidden">{t('status.label')}</span>
          <StatusBadge state={status.state} testId="bot-status" />
          <LiveBadge live={status.live} />
          {status.category ? <span>{t('status.category', { category: status.category })}</span> : null}
          <span>{t('status.since', { time: formatDateTime(status.since, i18n.language) })}</span>
        </StyledStatusLine>
      </StyledHeader>

      {reason ? (
        <StyledReason
          $error={status.state === 'error'}
          role={status.state === 'error' ? 'alert' : undefined}
          data-testid="bot-status-reason"
          data-code={status.code ?? undefined}
        >
          {reason}
        </StyledReason>
      ) : null}

      <section aria-label={t('panel.switchesLabel')}>
        <StyledSubheading>{t('panel.switchesLabel')}</StyledSubheading>
        <ChannelAbilityContext.Provider value={ability}>
          <ViewOnlyNotice module="switches" />
        </ChannelAbilityContext.Provider>
        {PANEL_SWITCHES.map((key) => (
          <Switch
            key={key}
            label={t(`panel.switches.${key}.label`)}
            description={t(`panel.switches.${key}.description`)}
            checked={channel.panel[key]}
            onChange={(value) => void setPanel(channel, key, value).then((saved) => saved && onSwitched())}
            testId={`panel-switch-${key}`}
            disabled={!ability.can('manage', 'switches')}
          />
        ))}
      </section>

      <section aria-label={t('panel.accountsLabel')}>
        <StyledSubheading>{t('panel.accountsLabel')}</StyledSubheading>
        <StyledFacts>
          <dt>{t(`panel.accountName.${channel.platform}`)}</dt>
          <dd data-testid="channel-account">{channel.account?.login ?? channel.login}</dd>
          <dt>{t('panel.botAccount')}</dt>
          <dd data-testid="channel-bot-account">
            {channel.botAccount
              ? channel.botAccount.login
              : channel.platform === 'kick'
                ? t('panel.noBotAccountKick')
                : t('panel.noBotAccount', { login: channel.account?.login ?? channel.login })}
          </dd>
          <dt>{t('panel.connectedAt')}</dt>
          <dd>{formatDateTime(channel.connectedAt, i18n.language)}</dd>
        </StyledFacts>
        {channel.account?.scopes.length ? (
          <StyledScopes>
            <summary>{t('panel.scopes', { platform })}</summary>
            {/* Each right in words, as the grant dialog named it before; only a scope we do not know keeps the platform's own name (never translated). */}
            <ul data-testid="channel-scopes">
              {scopeWords(channel.account.scopes).map(({ key, scope }) => (
                <li key={scope} data-scope={scope}>
                  {key ? t(`scopes.${key}`) : <span translate="no">{scope}</span>}
                </li>
              ))}
            </ul>
          </StyledScopes>
        ) : null}
        {owner ? (
          <StyledActions>
            {channel.sandbox ? null : (
              <Button
                variant="secondary"
                onClick={() => void connect(channel.platform, channel.id)}
                disabled={pending !== null}
                aria-busy={isPending(channel.platform, channel.id)}
                data-testid="connect-bot-account"
              >
                {channel.botAccount ? t('panel.replaceBotAccount') : t('panel.connectBotAccount')}
              </Button>
            )}
            <Button variant="danger" onClick={() => setConfirming(true)} data-testid="disconnect-channel">
              {t('panel.disconnect')}
            </Button>
          </StyledActions>
        ) : null}
      </section>

      <ConfirmDialog
        open={confirming}
        title={t('panel.disconnectTitle', { name: channel.displayName, platform })}
        message={t('panel.disconnectText', { platform })}
        confirmLabel={t('panel.disconnect')}
        onConfirm={() => void handleDisconnect()}
        onCancel={() => setConfirming(false)}
        busy={disconnecting}
        testId="disconnect-dialog"
        role="dialog"
      />
      {grantDialog}
    </StyledChannelCard>
  )
}
