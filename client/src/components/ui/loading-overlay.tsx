import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const StyledOverlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.body};
`;

const StyledSpinner = styled.div`
  width: ${({ theme }) => theme.sizes.spinner};
  height: ${({ theme }) => theme.sizes.spinner};
  border-radius: ${({ theme }) => theme.radii.round};
  border: 3px solid ${({ theme }) => theme.colors.primarySoft};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

/** Shown while a lazy page (or layout) loads; it unmounts once the page has rendered. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <StyledOverlay data-testid="loading-overlay" role="status" aria-live="polite">
      <StyledSpinner aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </StyledOverlay>
  );
}
