import type { ReactNode } from 'react'
import styled from 'styled-components'

export type BadgeTone = 'success' | 'info' | 'warning' | 'danger' | 'primary' | 'neutral'

const StyledBadge = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  white-space: nowrap;
  /* Primary text on its soft background uses the link colour (readable in both skins). */
  color: ${({ theme, $tone }) => ($tone === 'neutral' ? theme.colors.textMuted : $tone === 'primary' ? theme.colors.link : theme.colors[$tone])};
  background: ${({ theme, $tone }) => {
    switch ($tone) {
      case 'neutral':
        return theme.colors.body
      case 'primary':
        return theme.colors.primarySoft
      default:
        return theme.colors[`${$tone}Soft`]
    }
  }};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'neutral' ? theme.colors.border : 'transparent')};
`

export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <StyledBadge $tone={tone} data-testid={testId}>
      {children}
    </StyledBadge>
  )
}
