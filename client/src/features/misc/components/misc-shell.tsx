import type { ReactNode } from 'react'
import styled from 'styled-components'
import { BrandMark } from '../../../components/ui/brand-mark'
import { StyledCenteredPage } from '../../../components/ui/centered-page'
import { StyledPageHeading } from '../../../components/ui/page-heading'

const StyledShell = styled(StyledCenteredPage)`
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xxl};
  text-align: center;
`

const StyledBrandCorner = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space.xl};
  left: ${({ theme }) => theme.space.xl};
`

const StyledCode = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.display};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.link};
  line-height: 1;
`

const StyledText = styled.p`
  max-width: 36rem;
  color: ${({ theme }) => theme.colors.textMuted};
`

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  justify-content: center;
`

/** Centred full-page message used by the miscellaneous and error pages. */
export function MiscShell({ code, title, text, children }: { code?: string; title: string; text: ReactNode; children?: ReactNode }) {
  return (
    <StyledShell>
      <StyledBrandCorner>
        <BrandMark />
      </StyledBrandCorner>
      {code ? <StyledCode aria-hidden="true">{code}</StyledCode> : null}
      <StyledPageHeading>{title}</StyledPageHeading>
      <StyledText>{text}</StyledText>
      {children ? <StyledActions>{children}</StyledActions> : null}
    </StyledShell>
  )
}
