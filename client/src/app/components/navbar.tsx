import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { LayoutType } from '../../lib/preferences'
import { LanguageSwitcher } from './language-switcher'
import { LayoutToggle } from './layout-toggle'
import { NavbarSearch } from './navbar-search'
import { SkinToggle } from './skin-toggle'
import { UserMenu } from './user-menu'

/** Floating navbar: sticks to the top with a gap, rounded, with a shadow. */
const StyledNavbar = styled.header`
  position: sticky;
  top: ${({ theme }) => theme.space.lg};
  z-index: ${({ theme }) => theme.zIndices.navbar};
  margin: ${({ theme }) => `${theme.space.lg} ${theme.space.xxl} 0`};
  min-height: ${({ theme }) => theme.sizes.navbarHeight};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 24px 0 ${({ theme }) => theme.colors.shadow};

  @media ${({ theme }) => theme.media.phone} {
    margin: ${({ theme }) => `${theme.space.sm} ${theme.space.sm} 0`};
    padding: ${({ theme }) => theme.space.sm};
    gap: ${({ theme }) => theme.space.xs};
  }
`

const StyledStart = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  flex: 1;
  min-width: 0;

  @media ${({ theme }) => theme.media.phone} {
    gap: ${({ theme }) => theme.space.xs};
  }
`

const StyledEnd = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  @media ${({ theme }) => theme.media.phone} {
    gap: ${({ theme }) => theme.space.xs};
  }
`

export function Navbar({ start, layout }: { start?: ReactNode; layout: LayoutType }) {
  return (
    <StyledNavbar>
      <StyledStart>
        {start}
        <NavbarSearch />
      </StyledStart>
      <StyledEnd>
        <LayoutToggle current={layout} />
        <LanguageSwitcher />
        <SkinToggle />
        <UserMenu />
      </StyledEnd>
    </StyledNavbar>
  )
}
