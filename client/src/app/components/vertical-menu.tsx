import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router-dom'
import styled, { css, useTheme } from 'styled-components'
import { BrandMark } from '../../components/ui/brand-mark'
import { StyledIconButton } from '../../components/ui/button'
import { Icon } from '../../components/ui/icon'
import { useDismiss } from '../../components/ui/use-dismiss'
import { PATHS } from '../../lib/paths'
import { useMediaQuery } from '../../lib/use-media-query'
import { type NavSection, type NavSectionId, sectionsOpenAtFirst } from '../navigation'
import { useNavigation } from '../use-navigation'
import { NavItemLabel } from '../../components/ui/nav-item-label'

export const SIDEBAR_ID = 'app-sidebar'

const StyledSidebar = styled.aside<{ $open: boolean }>`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: ${({ theme }) => theme.zIndices.sidebar};
  width: ${({ theme }) => theme.sizes.sidebarWidth};
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 0 15px 0 ${({ theme }) => theme.colors.shadow};
  transition: transform ${({ theme }) => theme.durations.route} ease;

  @media ${({ theme }) => theme.media.mdDown} {
    ${({ $open }) =>
      $open
        ? css`
            transform: none;
          `
        : css`
            transform: translateX(-105%);
            visibility: hidden;
          `}
  }
`

const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.sidebarBackdrop};
  background: ${({ theme }) => theme.colors.backdrop};

  @media ${({ theme }) => theme.media.lgUp} {
    display: none;
  }
`

const StyledHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg} ${theme.space.sm}`};

  a {
    text-decoration: none;
  }
`

const StyledClose = styled(StyledIconButton)`
  @media ${({ theme }) => theme.media.lgUp} {
    display: none;
  }
`

const StyledNav = styled.nav`
  flex: 1;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md} ${theme.space.xl}`};
`

const StyledSectionTitle = styled.h2`
  margin: ${({ theme }) => `${theme.space.md} 0 ${theme.space.xs}`};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};

  button {
    display: flex;
    align-items: center;
    justify-content: space-between;
    width: 100%;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.md};
    background: none;
    color: inherit;
    font: inherit;
    letter-spacing: inherit;
    text-transform: inherit;
    cursor: pointer;
  }

  button:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }

  button[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`

export const StyledMenuLink = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  margin: ${({ theme }) => theme.space.xxs} 0;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }

  &.active {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    box-shadow: 0 0 10px 1px ${({ theme }) => theme.colors.primarySoft};
  }
`

/** One menu group: its heading is a button that shows or hides the group's entries. */
function MenuSection({
  section,
  open,
  onToggle,
  onNavigate,
}: {
  section: NavSection
  open: boolean
  onToggle: (id: NavSectionId) => void
  onNavigate: () => void
}) {
  const { t } = useTranslation()
  const listId = `nav-list-${section.id}`
  return (
    <section aria-labelledby={`nav-${section.id}`}>
      <StyledSectionTitle>
        <button id={`nav-${section.id}`} type="button" aria-expanded={open} aria-controls={listId} onClick={() => onToggle(section.id)}>
          {t(`nav.sections.${section.id}`)}
          <Icon name="chevronDown" small />
        </button>
      </StyledSectionTitle>
      <StyledList id={listId} hidden={!open}>
        {section.items.map((item) => (
          <li key={item.name}>
            <StyledMenuLink to={item.path} onClick={onNavigate} end>
              <NavItemLabel item={item} />
            </StyledMenuLink>
          </li>
        ))}
      </StyledList>
    </section>
  )
}

/**
 * Which groups are open: the role's first ones and the current page's (also after a
 * navigation), unless the user has opened or closed the group.
 */
function useOpenSections(sections: readonly NavSection[]) {
  const { pathname } = useLocation()
  const [toggled, setToggled] = useState<Map<NavSectionId, boolean>>(() => new Map())
  const atFirst = sectionsOpenAtFirst(sections, pathname)
  const openIds = new Set(sections.map((s) => s.id).filter((id) => toggled.get(id) ?? atFirst.has(id)))
  const toggle = (id: NavSectionId) => setToggled((map) => new Map(map).set(id, !openIds.has(id)))
  return { openIds, toggle }
}

/**
 * Sidebar menu: fixed on large screens, an off-canvas drawer below the lg breakpoint. The
 * drawer's links render once it is first opened: closed, it is hidden (to assistive technology
 * too), and on a phone they were most of the first screen's elements.
 */
export function VerticalMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const docked = useMediaQuery(useTheme().media.lgUp)
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  const sections = useNavigation()
  const { openIds, toggle } = useOpenSections(sections)
  const sidebarRef = useRef<HTMLElement>(null)
  const close = useCallback(() => onClose(), [onClose])
  const closeRef = useRef<HTMLButtonElement>(null)
  useDismiss(open, close, sidebarRef)

  // Opening the drawer moves focus into it.
  useEffect(() => {
    if (open) closeRef.current?.focus()
  }, [open])

  return (
    <>
      {open ? <StyledBackdrop aria-hidden="true" onClick={onClose} /> : null}
      <StyledSidebar id={SIDEBAR_ID} ref={sidebarRef} $open={open}>
        <StyledHeader>
          <Link to={PATHS.root} onClick={onClose}>
            <BrandMark />
          </Link>
          <StyledClose ref={closeRef} type="button" aria-label={t('nav.closeMenu')} onClick={onClose}>
            <Icon name="close" />
          </StyledClose>
        </StyledHeader>
        <StyledNav aria-label={t('nav.mainMenu')} data-testid="vertical-menu">
          {docked || opened
            ? sections.map((section) => (
                <MenuSection key={section.id} section={section} open={openIds.has(section.id)} onToggle={toggle} onNavigate={onClose} />
              ))
            : null}
        </StyledNav>
      </StyledSidebar>
    </>
  )
}
