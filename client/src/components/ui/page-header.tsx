import type { ReactNode } from 'react'
import styled from 'styled-components'
import { StyledHeaderRow } from './header-row'
import { StyledPageHeading } from './page-heading'

const StyledSubtitle = styled.p`
  max-width: calc(${({ theme }) => theme.sizes.authCardWidth} * 2.5);
  margin: ${({ theme }) => `${theme.space.xs} 0 0`};
  color: ${({ theme }) => theme.colors.textMuted};
`

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

/** The page's <h1> (id page-title) with an optional subtitle and actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <StyledHeaderRow>
      <div>
        <StyledPageHeading id="page-title">{title}</StyledPageHeading>
        {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
      </div>
      {actions ? <StyledActions>{actions}</StyledActions> : null}
    </StyledHeaderRow>
  )
}
