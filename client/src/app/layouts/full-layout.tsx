import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { LanguageSwitcher } from '../components/language-switcher'
import { RouteContent } from '../components/route-content'
import { SkinToggle } from '../components/skin-toggle'

const StyledToolbar = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space.lg};
  right: ${({ theme }) => theme.space.lg};
  z-index: ${({ theme }) => theme.zIndices.navbar};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

const StyledMain = styled.main`
  min-height: 100vh;

  &:focus {
    outline: none;
  }
`

/** Full-page layout for public pages: no menu, just language and skin in a corner. */
export function FullLayout() {
  const { t } = useTranslation()
  return (
    <>
      {/* In the page's banner: all content sits in a landmark. */}
      <header>
        <StyledToolbar role="group" aria-label={t('navbar.language')}>
          <LanguageSwitcher />
          <SkinToggle />
        </StyledToolbar>
      </header>
      <StyledMain id="main-content" tabIndex={-1}>
        <RouteContent />
      </StyledMain>
    </>
  )
}
