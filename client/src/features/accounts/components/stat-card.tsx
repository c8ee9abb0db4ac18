import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import { Icon, type IconName } from '../../../components/ui/icon'

const StyledStat = styled(StyledCard)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
`

const StyledIcon = styled.span<{ $tone: 'primary' | 'success' | 'warning' | 'info' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ theme }) => `calc(${theme.sizes.control} + ${theme.space.sm})`};
  height: ${({ theme }) => `calc(${theme.sizes.control} + ${theme.space.sm})`};
  border-radius: ${({ theme }) => theme.radii.round};
  color: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.link : theme.colors[$tone])};
  background: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.primarySoft : theme.colors[`${$tone}Soft`])};
`

const StyledValue = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.heading};
  line-height: ${({ theme }) => theme.lineHeights.tight};
`

const StyledLabel = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

export const StyledStatGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
`

/** One figure with its label; `to` makes the label a link to the details. */
export function StatCard({
  icon,
  tone,
  value,
  label,
  to,
  testId,
}: {
  icon: IconName
  tone: 'primary' | 'success' | 'warning' | 'info'
  value: ReactNode
  label: string
  to?: string
  testId?: string
}) {
  return (
    <StyledStat data-testid={testId}>
      <StyledIcon $tone={tone}>
        <Icon name={icon} />
      </StyledIcon>
      <div>
        <StyledValue data-testid={testId ? `${testId}-value` : undefined}>{value}</StyledValue>
        <StyledLabel>{to ? <Link to={to}>{label}</Link> : label}</StyledLabel>
      </div>
    </StyledStat>
  )
}
