import styled from 'styled-components'

/** Main content column: full content width, static footer below. */
export const StyledContent = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.contentMaxWidth};
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.xxl}`};

  &:focus {
    outline: none;
  }

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.sm}`};
  }
`

export const StyledColumn = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`
