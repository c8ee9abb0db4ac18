import styled from 'styled-components'

export const StyledCard = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: 0 4px 24px 0 ${({ theme }) => theme.colors.shadow};
  padding: ${({ theme }) => theme.space.xl};
`
