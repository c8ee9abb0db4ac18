import styled from 'styled-components'

/** A group of fields with a visible legend. */
export const StyledFieldset = styled.fieldset`
  border: 0;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.heading};
  }
`
