import { useTranslation } from 'react-i18next'
import styled from 'styled-components'

const StyledSkipLink = styled.a`
  position: fixed;
  top: ${({ theme }) => theme.space.sm};
  left: ${({ theme }) => theme.space.sm};
  z-index: ${({ theme }) => theme.zIndices.skipLink};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }
`

export function SkipLink() {
  const { t } = useTranslation()
  return <StyledSkipLink href="#main-content">{t('app.skipToContent')}</StyledSkipLink>
}
