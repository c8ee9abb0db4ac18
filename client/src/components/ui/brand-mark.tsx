import styled from 'styled-components'
import { env } from '../../lib/env'

const StyledBrand = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.link};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`

const StyledLogoGlyph = styled.path`
  fill: ${({ theme }) => theme.colors.onPrimary};
`

const StyledName = styled.span`
  color: ${({ theme }) => theme.colors.heading};
`

/** Logo mark + the configured app title. */
export function BrandMark({ showName = true }: { showName?: boolean }) {
  return (
    <StyledBrand>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <StyledLogoGlyph d="M10 9h12a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-6l-5 4v-4h-1a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z" />
      </svg>
      {showName ? <StyledName>{env.appTitle}</StyledName> : null}
    </StyledBrand>
  )
}
