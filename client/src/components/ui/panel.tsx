import { type ReactNode, useId } from 'react'
import styled from 'styled-components'
import { StyledCard } from './card'
import { StyledHeaderRow } from './header-row'

/** A card holding one section of a page. */
export const StyledPanel = styled(StyledCard)`
  min-width: 0;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

/** A section of a page: a card named by its <h2>, with actions right of the heading. */
export function Panel({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId()
  return (
    <StyledPanel aria-labelledby={headingId} data-testid={testId}>
      <StyledHeaderRow>
        <h2 id={headingId}>{title}</h2>
        {actions}
      </StyledHeaderRow>
      {children}
    </StyledPanel>
  )
}
