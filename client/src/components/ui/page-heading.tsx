import styled from 'styled-components'

/** The page's one <h1>. */
export const StyledPageHeading = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin-bottom: ${({ theme }) => theme.space.lg};
`
