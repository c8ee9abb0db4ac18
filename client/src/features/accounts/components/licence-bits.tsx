import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { LicenceStatus, UserStatus } from '../../../gql/types'
import type { Remaining } from '../lib/licence-time'
import { Badge, type BadgeTone } from './badge'
import { StyledMuted } from './data-table'

const LICENCE_TONES: Record<LicenceStatus, BadgeTone> = {
  available: 'info',
  assigned: 'primary',
  active: 'success',
  superseded: 'neutral',
  revoked: 'danger',
}

export function LicenceStatusBadge({ status }: { status: LicenceStatus }) {
  const { t } = useTranslation('accounts')
  return (
    <Badge tone={LICENCE_TONES[status]} testId="licence-status">
      {t(`licenceStatus.${status}`)}
    </Badge>
  )
}

/** Whether a user is active (a running licence and a channel's bot on: server/src/modules/users/active-client.ts); Package None has none. */
export function UserStatusBadge({ status }: { status: UserStatus | null }) {
  const { t } = useTranslation('accounts')
  if (!status) return <Badge tone="neutral">{t('userStatus.none')}</Badge>
  return (
    <Badge tone={status === 'active' ? 'success' : 'warning'} testId="user-status">
      {t(`userStatus.${status}`)}
    </Badge>
  )
}

const StyledRemaining = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 8rem;
`

const StyledTrack = styled.div`
  height: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`

const StyledFill = styled.div<{ $percent: number; $low: boolean }>`
  width: ${({ $percent }) => `${$percent}%`};
  height: 100%;
  background: ${({ theme, $low }) => ($low ? theme.colors.warning : theme.colors.success)};
`

const StyledExpired = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`

/** Days left of a licence as text and a bar (spec section 3 derivation). */
export function RemainingDuration({ remaining }: { remaining: Remaining }) {
  const { t } = useTranslation('accounts')
  switch (remaining.kind) {
    case 'notStarted':
      return <StyledMuted>{t('remaining.notStarted', { days: remaining.totalDays })}</StyledMuted>
    case 'expired':
      return <StyledExpired>{t('remaining.expired', { days: remaining.daysAgo })}</StyledExpired>
    case 'ended':
      return <StyledMuted>—</StyledMuted>
    default:
      return (
        <StyledRemaining data-testid="remaining">
          <span>{t('remaining.left', { left: remaining.daysLeft, total: remaining.totalDays })}</span>
          <StyledTrack
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={remaining.totalDays}
            aria-valuenow={remaining.daysLeft}
            aria-label={t('remaining.barLabel')}
          >
            <StyledFill $percent={remaining.percent} $low={remaining.daysLeft <= 7} />
          </StyledTrack>
        </StyledRemaining>
      )
  }
}
