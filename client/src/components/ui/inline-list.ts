import styled from 'styled-components'

/** A list laid out in a wrapping row, without bullets (menus, tabs, link rows). */
export const StyledInlineList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  list-style: none;
  margin: 0;
  padding: 0;
`
