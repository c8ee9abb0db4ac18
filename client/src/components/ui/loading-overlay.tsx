import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledSpinner } from './spinner'

const StyledOverlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.body};
`

/** Shown while a lazy page (or layout) loads; it unmounts once the page has rendered. */
export function LoadingOverlay() {
  const { t } = useTranslation()
  return (
    <StyledOverlay data-testid="loading-overlay" role="status" aria-live="polite">
      <StyledSpinner $large />
      <span className="visually-hidden">{t('app.loading')}</span>
    </StyledOverlay>
  )
}
