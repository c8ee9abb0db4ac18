import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Icon } from '../../components/ui/icon'

export const SCROLL_TO_TOP_THRESHOLD_PX = 250

const StyledScrollTop = styled.button`
  position: fixed;
  right: ${({ theme }) => theme.space.xxl};
  bottom: ${({ theme }) => theme.space.xxl};
  z-index: ${({ theme }) => theme.zIndices.scrollTop};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.sizes.control};
  height: ${({ theme }) => theme.sizes.control};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: 0 8px 25px -8px ${({ theme }) => theme.colors.primary};
  cursor: pointer;
`

/** Appears once the page is scrolled more than 250 px. */
export function ScrollToTop() {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  if (!visible) return null
  return (
    <StyledScrollTop
      type="button"
      aria-label={t('navbar.scrollToTop')}
      data-testid="scroll-to-top"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
      }}
    >
      <Icon name="arrowUp" />
    </StyledScrollTop>
  )
}
