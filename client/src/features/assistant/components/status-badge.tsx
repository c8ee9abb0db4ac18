import { useTranslation } from 'react-i18next'
import { platformKey } from '../../../components/channel-page/platform-label'
import styled from 'styled-components'
import type { AssistantBotStatusFragment } from '../../../components/channel-page/channels.generated'

type Tone = 'success' | 'warning' | 'danger' | 'secondary' | 'info'

const TONES: Record<AssistantBotStatusFragment['state'], Tone> = {
  running: 'success',
  connecting: 'info',
  stopped: 'secondary',
  error: 'danger',
}

export const StyledBadge = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  white-space: nowrap;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme, $tone }) => ($tone === 'secondary' ? theme.colors.primarySoft : theme.colors[`${$tone}Soft`])};
`

const StyledDot = styled.span`
  width: ${({ theme }) => theme.space.sm};
  height: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.round};
  background: currentColor;
`

/** The bot's state as a coloured badge with its name (never colour alone). */
export function StatusBadge({ state, testId }: { state: AssistantBotStatusFragment['state']; testId?: string }) {
  const { t } = useTranslation('assistant')
  return (
    <StyledBadge $tone={TONES[state]} data-testid={testId} data-state={state}>
      <StyledDot aria-hidden="true" />
      {t(`status.${state}`)}
    </StyledBadge>
  )
}

export function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation('assistant')
  return <StyledBadge $tone={live ? 'danger' : 'secondary'}>{live ? t('status.live') : t('status.offline')}</StyledBadge>
}

export function PlatformBadge({ platform, sandbox = false }: { platform: 'twitch' | 'kick'; sandbox?: boolean }) {
  const { t } = useTranslation('assistant')
  const tone = sandbox ? 'warning' : platform === 'twitch' ? 'info' : 'success'
  return (
    <StyledBadge $tone={tone} data-testid={sandbox ? 'sandbox-badge' : undefined}>
      {t(platformKey({ platform, sandbox }))}
    </StyledBadge>
  )
}
