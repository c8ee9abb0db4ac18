import styled from 'styled-components'

export const StyledTwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  /* minmax(0, …): a wide child (a table, a long key) scrolls or wraps instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  align-items: start;

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
  }
`

export const StyledFilters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  grid-template-columns: 1fr;
  align-items: end;

  @media ${({ theme }) => theme.media.smUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  > * {
    margin-bottom: 0;
  }
`
