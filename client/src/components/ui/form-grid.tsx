import styled from 'styled-components'
import { controlOffset } from './form-field'

/** Form fields in two columns from medium screens up, one column below. */
export const StyledFormGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  column-gap: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.mdUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`

/** A list page's search and filter controls, as many to a row as fit (at least 12rem each). */
export const StyledFilterBar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  align-items: end;
`

/**
 * Fields and the buttons that act on them on one line, wrapping on narrow screens: from small
 * screens up, a button stands level with the inputs (below the labels' line, whatever hint or error a field shows
 * under its input), and the fields' own bottom margin moves to the row. The first field takes
 * the room left.
 */
export const StyledFieldRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};

  && > * {
    margin-bottom: 0;
  }

  /* On a phone the buttons wrap under the fields, where no offset is wanted. */
  @media ${({ theme }) => theme.media.smUp} {
    > button {
      margin-top: ${controlOffset};
    }
  }

  > :first-child {
    flex: 1 1 12rem;
  }
`
