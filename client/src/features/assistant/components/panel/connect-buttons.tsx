import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../../components/ui/button'
import type { Platform } from '../../../../gql/types'
import { SandboxConnectOptionsDocument } from '../../../sandbox/graphql/connect.generated'
import { useQuery } from '@apollo/client/react'
import { ConnectSandboxButton } from '../../../sandbox/public/connect-sandbox-button'
import { useConnect } from '../../hooks/use-connect'

export const StyledButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`

/**
 * "Connect Twitch" / "Connect Kick" (the platform's consent page), only for platforms whose
 * application the server has, and "Connect a sandbox channel" where the server offers it.
 * `disabled` (the plan's channel limit) never applies to the sandbox.
 */
export function ConnectButtons({ platforms = ['twitch', 'kick'], disabled = false }: { platforms?: readonly Platform[]; disabled?: boolean }) {
  const { t } = useTranslation('assistant')
  const { connect, pending, isPending, grantDialog } = useConnect()
  const { data } = useQuery(SandboxConnectOptionsDocument)
  const options = data?.connectOptions
  const offered = options ? platforms.filter((platform) => options[platform]) : []
  return (
    <StyledButtonRow data-testid="connect-buttons">
      {offered.map((platform) => (
        <Button
          key={platform}
          variant={platform === offered[0] ? 'primary' : 'secondary'}
          onClick={() => void connect(platform)}
          disabled={disabled || pending !== null}
          aria-busy={isPending(platform)}
          data-testid={`connect-${platform}`}
        >
          {isPending(platform) ? t('connect.redirecting', { platform: t(`platforms.${platform}`) }) : t(`connect.${platform}`)}
        </Button>
      ))}
      {options?.sandbox && platforms.includes('twitch') ? <ConnectSandboxButton primary={offered.length === 0} /> : null}
      {grantDialog}
    </StyledButtonRow>
  )
}
