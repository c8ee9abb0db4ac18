import type { ReactNode } from 'react'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import { StyledPageHeading } from '../../../components/ui/page-heading'
import { BrandMark } from '../../../components/ui/brand-mark'

const StyledWrap = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl};
`

const StyledAuthCard = styled(StyledCard)`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.authCardWidth};
  padding: ${({ theme }) => theme.space.xxl};
`

const StyledBrandRow = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space.xl};
`

const StyledSubtitle = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.space.xl};
`

export const StyledAuthFooter = styled.p`
  text-align: center;
  margin: ${({ theme }) => theme.space.xl} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <StyledWrap>
      <StyledAuthCard aria-labelledby="auth-title">
        <StyledBrandRow>
          <BrandMark />
        </StyledBrandRow>
        <StyledPageHeading id="auth-title">{title}</StyledPageHeading>
        {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
        {children}
      </StyledAuthCard>
    </StyledWrap>
  )
}
