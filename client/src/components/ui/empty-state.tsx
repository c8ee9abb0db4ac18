import type { ReactNode } from 'react'
import styled from 'styled-components'

const StyledEmpty = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.xl}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
`

/** "Nothing here yet", with an optional action (e.g. clear the filters). */
export function EmptyState({ children, action, testId = 'empty' }: { children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <StyledEmpty data-testid={testId}>
      <p>{children}</p>
      {action}
    </StyledEmpty>
  )
}
