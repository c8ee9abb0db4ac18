import type { ReactNode } from 'react'
import styled from 'styled-components'
import { BrandMark } from '../../../components/ui/brand-mark'
import { StyledCard } from '../../../components/ui/card'
import { StyledCenteredPage } from '../../../components/ui/centered-page'
import { StyledPageHeading } from '../../../components/ui/page-heading'

const StyledBox = styled(StyledCard)`
  width: min(32rem, 100%);
  text-align: center;

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
`

/** A centred card for the pages opened from marketing mails. */
export function MarketingShell({ title, children, actions, testId }: { title: string; children: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <StyledCenteredPage>
      <BrandMark />
      <StyledBox data-testid={testId} aria-labelledby="page-title">
        <StyledPageHeading id="page-title">{title}</StyledPageHeading>
        {children}
        {actions ? <StyledActions>{actions}</StyledActions> : null}
      </StyledBox>
    </StyledCenteredPage>
  )
}
