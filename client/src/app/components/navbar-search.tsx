import { Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ErrorBoundary } from '../../components/ui/error-boundary'
import { Icon } from '../../components/ui/icon'
import { useDismiss } from '../../components/ui/use-dismiss'
import { afterFirstPage } from '../../lib/first-page'
import { lazyPage } from '../../lib/lazy-page'
import { StyledPopup, StyledStatus } from './navbar-search-parts'

/**
 * The open search (input, results, the server's autosuggest through Apollo): a chunk of its own,
 * so the top bar paints without Apollo. Fetched once the first page has rendered (so it opens at
 * once), or when the search opens.
 */
const NavbarSearchPopup = lazyPage('navbar-search-popup', () => import('./navbar-search-popup'))

const StyledWrap = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
  max-width: 32rem;
`

const StyledTrigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `0 ${theme.space.md}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }

  kbd {
    display: none;
    padding: 0 ${({ theme }) => theme.space.xs};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    font-family: inherit;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }

  @media ${({ theme }) => theme.media.mdUp} {
    kbd {
      display: inline;
    }
  }

  /* A phone: the icon alone, a tap target as wide as the navbar's other buttons. */
  @media ${({ theme }) => theme.media.phone} {
    justify-content: center;
    width: ${({ theme }) => theme.sizes.control};
    padding: 0;
  }
`

const StyledTriggerText = styled.span`
  @media ${({ theme }) => theme.media.phone} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`

/** Whether a key press lands in something that takes text (then "/" types a slash). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/**
 * The navbar search (ARIA combobox with a grouped listbox): opened by its button, "/" or
 * Ctrl+K (⌘K); arrow keys move, Enter opens, Escape closes and returns focus. Pages are the
 * menu pages the caller may open, matched in the browser; accounts (staff only), FAQ
 * questions, knowledge-base articles and products come from the server (autosuggest). The
 * button is here; what opens is navbar-search-popup.tsx.
 */
export function NavbarSearch() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const wrapRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)

  const show = useCallback(() => {
    if (open) return inputRef.current?.focus()
    const focused = document.activeElement
    returnTo.current = focused instanceof HTMLElement && focused !== document.body ? focused : triggerRef.current
    setOpen(true)
  }, [open])
  const close = useCallback(() => setOpen(false), [])
  const closeAndReturn = useCallback(() => {
    close()
    const target = returnTo.current?.isConnected ? returnTo.current : triggerRef.current
    target?.focus()
  }, [close])
  useDismiss(open, close, wrapRef, triggerRef)
  useEffect(() => afterFirstPage(() => void NavbarSearchPopup.preload().catch(() => undefined)), [])

  // "/" (outside text fields) and Ctrl+K / ⌘K open the search from anywhere.
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target)
      const combo = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
      if (!slash && !combo) return
      event.preventDefault()
      show()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [show])

  return (
    <StyledWrap ref={wrapRef} data-testid="navbar-search">
      <StyledTrigger ref={triggerRef} type="button" onClick={show} aria-haspopup="listbox" aria-expanded={open} data-testid="navbar-search-open">
        <Icon name="search" />
        <StyledTriggerText>{t('search.open')}</StyledTriggerText>
        <kbd aria-hidden="true">/</kbd>
      </StyledTrigger>
      {open ? (
        <ErrorBoundary
          fallback={() => (
            <StyledPopup role="search" aria-label={t('search.label')}>
              <StyledStatus role="status">{t('search.error')}</StyledStatus>
            </StyledPopup>
          )}
        >
          <Suspense fallback={null}>
            <NavbarSearchPopup inputRef={inputRef} close={close} closeAndReturn={closeAndReturn} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </StyledWrap>
  )
}
