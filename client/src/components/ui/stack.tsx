import styled from 'styled-components'

/** Page sections one under the other, evenly spaced. */
export const StyledStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`
