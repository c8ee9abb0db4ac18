import styled from 'styled-components'

/** A definition list of label / value pairs (labels muted on the left). */
export const StyledDetails = styled.dl`
  display: grid;
  /* Labels take what they need up to half the width (then wrap); values never push the list wider than its box. */
  grid-template-columns: fit-content(50%) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  margin: 0;

  dt {
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.heading};
    overflow-wrap: anywhere;
  }
`
