import { useCallback, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { Icon } from '../../components/ui/icon'
import { useToast } from '../../components/ui/toast-provider'
import { useDismiss } from '../../components/ui/use-dismiss'
import { logout } from '../../features/auth/api/auth-api'
import { PATHS } from '../../lib/paths'
import { roleLabel } from '../../lib/role-label'
import { clearSession, getRefreshToken } from '../../lib/session'
import { useSession } from '../../lib/use-session'

const StyledWrap = styled.div`
  position: relative;
`

const StyledTrigger = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xs};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  cursor: pointer;
  text-align: right;

  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`

const StyledIdentity = styled.span`
  display: none;
  flex-direction: column;
  line-height: ${({ theme }) => theme.lineHeights.tight};

  @media ${({ theme }) => theme.media.mdUp} {
    display: flex;
  }
`

const StyledName = styled.span`
  color: ${({ theme }) => theme.colors.heading};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`

const StyledRole = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`

const StyledAvatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.sizes.avatar};
  height: ${({ theme }) => theme.sizes.avatar};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.link};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow: hidden;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

const StyledDropdown = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + ${({ theme }) => theme.space.sm});
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  min-width: 12rem;
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 5px 25px ${({ theme }) => theme.colors.shadow};
`

const itemStyles = `
  display: flex;
  align-items: center;
  width: 100%;
  border: 0;
  background: transparent;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
`

const StyledItemLink = styled(Link)`
  ${itemStyles}
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  color: ${({ theme }) => theme.colors.text};
  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.link};
  }
`

const StyledItemButton = styled.button`
  ${itemStyles}
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  color: ${({ theme }) => theme.colors.text};
  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.link};
  }
`

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : name.slice(0, 2)
  return letters.toUpperCase()
}

/** Name and role of the signed-in user, with Account settings and Logout. */
export function UserMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const { userData } = useSession()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const wrapRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, wrapRef, triggerRef)

  if (!userData) return null
  const name = userData.fullName || userData.username

  async function handleLogout() {
    if (busy) return
    setBusy(true)
    await logout(getRefreshToken())
    clearSession()
    // Apollo loads with the content area, not with the top bar: imported here, when needed.
    await import('../../lib/apollo').then(({ clearApolloStore }) => clearApolloStore()).catch(() => undefined)
    toast.show({ variant: 'info', title: t('auth.logout.title'), message: t('auth.logout.message') })
    void navigate(PATHS.login, { replace: true })
  }

  return (
    <StyledWrap ref={wrapRef}>
      <StyledTrigger
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="user-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">{t('navbar.userMenu')}: </span>
        <StyledIdentity>
          <StyledName data-testid="user-menu-name">{name}</StyledName>
          <StyledRole data-testid="user-menu-role">{roleLabel(t, userData.role)}</StyledRole>
        </StyledIdentity>
        <StyledAvatar aria-hidden="true">{userData.avatar ? <img src={userData.avatar} alt="" /> : initials(name)}</StyledAvatar>
      </StyledTrigger>
      {open ? (
        <StyledDropdown id={menuId}>
          <li>
            <StyledItemLink to={PATHS.accountSettings(userData.id)} onClick={close}>
              <Icon name="user" small />
              {t('navbar.accountSettings')}
            </StyledItemLink>
          </li>
          <li>
            <StyledItemButton type="button" onClick={handleLogout} disabled={busy} data-testid="logout">
              <Icon name="logout" small />
              {t('navbar.logout')}
            </StyledItemButton>
          </li>
        </StyledDropdown>
      ) : null}
    </StyledWrap>
  )
}
