import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { StyledDetails } from '../../../components/ui/details-list'
import type { RaidChannelStateFieldsFragment } from '../graphql/raids.generated'
import { formatDateTime } from '../../../components/channel-page/format'
import { ASSISTANT_PATHS, withChannel } from '../../../components/channel-page/paths'
import { useCanManage } from '../../../components/channel-page/channel-access'

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`

interface RaidStatusProps {
  channelId: string
  state: RaidChannelStateFieldsFragment
  announcements: boolean
  cancelling: boolean
  onCancel: () => Promise<void>
}

/** The channel's raid state (spec raidActive / raidedChannel), the 24 h rule and the cancel button. */
export function RaidStatus({ channelId, state, announcements, cancelling, onCancel }: RaidStatusProps) {
  const { t, i18n } = useTranslation('raids')
  const [confirming, setConfirming] = useState(false)
  // A member who only views raids sees a pending raid, not a cancel the server would refuse.
  const canManage = useCanManage('raids')
  return (
    <StyledCard aria-labelledby="raid-status-title" data-testid="raid-status" data-raid-active={state.raidActive}>
      <h2 id="raid-status-title">{t('status.title')}</h2>
      <StyledDetails>
        <dt>{t('status.raidActive')}</dt>
        <dd data-testid="raid-active">{state.raidActive ? t('status.pending', { channel: state.pending?.otherName ?? '' }) : t('status.noPending')}</dd>
        <dt>{t('status.raidedChannel')}</dt>
        <dd data-testid="raided-channel">{state.raidedChannel ?? t('status.none')}</dd>
        <dt>{t('status.rule')}</dt>
        <dd data-testid="raid-usage">
          {state.limitPer24h === null
            ? t('status.unlimited', { used: state.usedLast24h })
            : t('status.used', { used: state.usedLast24h, limit: state.limitPer24h })}
        </dd>
        <dt>{t('status.next')}</dt>
        <dd data-testid="raid-next">{state.nextRaidAt ? formatDateTime(state.nextRaidAt, i18n.language) : t('status.now')}</dd>
        <dt>{t('status.announcements')}</dt>
        <dd>
          {announcements ? t('status.on') : t('status.off')} · <Link to={withChannel(ASSISTANT_PATHS.enable, channelId)}>{t('status.toModules')}</Link>
        </dd>
      </StyledDetails>
      {state.raidActive && canManage ? (
        <StyledRow>
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={cancelling} aria-busy={cancelling} data-testid="raid-cancel">
            {t('status.cancel')}
          </Button>
        </StyledRow>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('status.cancelTitle')}
        message={t('status.cancelMessage', { channel: state.pending?.otherName ?? '' })}
        confirmLabel={t('status.cancel')}
        busy={cancelling}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onCancel().finally(() => setConfirming(false))}
      />
    </StyledCard>
  )
}
