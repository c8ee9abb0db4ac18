import styled from 'styled-components'

/** A quiet line of text (notes, "nothing yet"). */
export const StyledMuted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`
