import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledIconButton } from '../../components/ui/button'
import { Icon } from '../../components/ui/icon'
import { Footer } from '../components/footer'
import { Navbar } from '../components/navbar'
import { AppRouteContent } from '../components/route-content'
import { SIDEBAR_ID, VerticalMenu } from '../components/vertical-menu'
import { StyledColumn, StyledContent } from './content'

const StyledShellColumn = styled(StyledColumn)`
  @media ${({ theme }) => theme.media.lgUp} {
    margin-left: ${({ theme }) => theme.sizes.sidebarWidth};
  }
`

const StyledMenuToggle = styled(StyledIconButton)`
  @media ${({ theme }) => theme.media.lgUp} {
    display: none;
  }
`

/** Sidebar menu + floating navbar + content + static footer. */
export default function VerticalLayout() {
  const { t } = useTranslation()
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <>
      <VerticalMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <StyledShellColumn data-testid="vertical-layout">
        <Navbar
          layout="vertical"
          start={
            <StyledMenuToggle
              type="button"
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpen}
              aria-controls={SIDEBAR_ID}
              onClick={() => setMenuOpen(true)}
            >
              <Icon name="menu" />
            </StyledMenuToggle>
          }
        />
        <StyledContent id="main-content" tabIndex={-1}>
          <AppRouteContent />
        </StyledContent>
        <Footer />
      </StyledShellColumn>
    </>
  )
}
