import styled from 'styled-components'

/** A page of its own (no menu) with its content centred on the screen, one block under the other. */
export const StyledCenteredPage = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.xl};
`
