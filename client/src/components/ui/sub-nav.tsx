import { NavLink } from 'react-router-dom'
import styled from 'styled-components'
import { StyledInlineList } from './inline-list'

const StyledSubNav = styled.nav`
  margin-bottom: ${({ theme }) => theme.space.lg};

  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    color: ${({ theme }) => theme.colors.link};
    text-decoration: none;
  }

  a:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }

  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`

export interface SubNavItem {
  to: string
  label: string
}

/**
 * Views of one page under other paths (all channels / Kick only, overview / v2): links in
 * the page instead of look-alike entries in the main menu.
 */
export function SubNav({ label, items }: { label: string; items: readonly SubNavItem[] }) {
  return (
    <StyledSubNav aria-label={label} data-testid="sub-nav">
      <StyledInlineList>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end>
              {item.label}
            </NavLink>
          </li>
        ))}
      </StyledInlineList>
    </StyledSubNav>
  )
}
