import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { StyledInlineList } from '../../components/ui/inline-list'
import { Icon } from '../../components/ui/icon'
import { useDismiss } from '../../components/ui/use-dismiss'
import type { NavSection } from '../navigation'
import { useNavigation } from '../use-navigation'
import { NavItemLabel } from '../../components/ui/nav-item-label'

const StyledBar = styled.nav`
  margin: ${({ theme }) => `${theme.space.md} ${theme.space.xxl} 0`};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 24px 0 ${({ theme }) => theme.colors.shadow};

  @media ${({ theme }) => theme.media.phone} {
    margin: ${({ theme }) => `${theme.space.sm} ${theme.space.sm} 0`};
  }
`

const StyledTopList = StyledInlineList

const StyledGroup = styled.li`
  position: relative;
`

const StyledGroupButton = styled.button<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $active }) => ($active ? theme.colors.onPrimary : theme.colors.text)};

  &:hover {
    background: ${({ theme, $active }) => ($active ? theme.colors.primaryHover : theme.colors.primarySoft)};
  }
`

const StyledDropdown = styled.ul`
  position: absolute;
  left: 0;
  top: calc(100% + ${({ theme }) => theme.space.xs});
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  min-width: 15rem;
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 5px 25px ${({ theme }) => theme.colors.shadow};
`

const StyledDropdownLink = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  &.active {
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`

function MenuGroup({ section }: { section: NavSection }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const groupRef = useRef<HTMLLIElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, groupRef, buttonRef)
  const listId = `hmenu-${section.id}`
  const active = section.items.some((item) => item.path.toLowerCase().replace(/\/$/, '') === pathname.toLowerCase().replace(/\/$/, ''))

  return (
    <StyledGroup ref={groupRef}>
      <StyledGroupButton ref={buttonRef} type="button" $active={active} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        {t(`nav.sections.${section.id}`)}
        <Icon name="chevronDown" small />
      </StyledGroupButton>
      {open ? (
        <StyledDropdown id={listId}>
          {section.items.map((item) => (
            <li key={item.name}>
              <StyledDropdownLink to={item.path} onClick={close} end>
                <NavItemLabel item={item} small />
              </StyledDropdownLink>
            </li>
          ))}
        </StyledDropdown>
      ) : null}
    </StyledGroup>
  )
}

/** Top menu of the horizontal layout: one disclosure dropdown per menu section. */
export function HorizontalMenu() {
  const { t } = useTranslation()
  const sections = useNavigation()
  return (
    <StyledBar aria-label={t('nav.mainMenu')} data-testid="horizontal-menu">
      <StyledTopList>
        {sections.map((section) => (
          <MenuGroup key={section.id} section={section} />
        ))}
      </StyledTopList>
    </StyledBar>
  )
}
