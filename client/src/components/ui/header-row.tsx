import styled from 'styled-components'

/** A heading on the left and its actions on the right, wrapping on narrow screens. */
export const StyledHeaderRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h1,
  h2 {
    margin: 0;
  }
`
