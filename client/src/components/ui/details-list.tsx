import styled from 'styled-components';

/** A definition list of label / value pairs (labels muted on the left). */
export const StyledDetails = styled.dl`
  display: grid;
  grid-template-columns: minmax(7rem, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.heading};
    overflow-wrap: anywhere;
  }
`;
