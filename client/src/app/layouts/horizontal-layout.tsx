import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { BrandMark } from '../../components/ui/brand-mark'
import { PATHS } from '../../lib/paths'
import { Footer } from '../components/footer'
import { HorizontalMenu } from '../components/horizontal-menu'
import { Navbar } from '../components/navbar'
import { AppRouteContent } from '../components/route-content'
import { StyledColumn, StyledContent } from './content'

const StyledBrandLink = styled(Link)`
  text-decoration: none;
`

/** Floating navbar with the brand + top menu + content + static footer. */
export default function HorizontalLayout() {
  return (
    <StyledColumn data-testid="horizontal-layout">
      <Navbar
        layout="horizontal"
        start={
          <StyledBrandLink to={PATHS.root}>
            <BrandMark />
          </StyledBrandLink>
        }
      />
      <HorizontalMenu />
      <StyledContent id="main-content" tabIndex={-1}>
        <AppRouteContent />
      </StyledContent>
      <Footer />
    </StyledColumn>
  )
}
