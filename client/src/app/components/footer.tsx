import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { env } from '../../lib/env'

/** Static footer (scrolls with the page). */
const StyledFooter = styled.footer`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.xxl}`};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    margin: 0;
  }
`

export function Footer() {
  const { t } = useTranslation()
  return (
    <StyledFooter>
      <p>{t('app.footer', { year: new Date().getFullYear(), title: env.appTitle })}</p>
      <p>{t('app.footerNote')}</p>
    </StyledFooter>
  )
}
