import type { ReactNode } from 'react'
import styled from 'styled-components'

export type AlertVariant = 'danger' | 'success' | 'info' | 'warning'

const StyledAlert = styled.div<{ $variant: AlertVariant }>`
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  margin-bottom: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $variant }) => theme.colors[$variant]};
  background: ${({ theme, $variant }) => theme.colors[`${$variant}Soft`]};

  p:last-child {
    margin-bottom: 0;
  }
`

/** Errors use role="alert" (announced at once); other variants are polite status messages. */
export function Alert({ variant = 'danger', children, testId }: { variant?: AlertVariant; children: ReactNode; testId?: string }) {
  return (
    <StyledAlert $variant={variant} role={variant === 'danger' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </StyledAlert>
  )
}
