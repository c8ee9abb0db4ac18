import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StyledSpinner } from './spinner';

const StyledLoading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** An inline "loading" line for a page section (the page shell stays visible). */
export function LoadingState({ label, testId = 'loading' }: { label?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StyledLoading role="status" aria-live="polite" data-testid={testId}>
      <StyledSpinner />
      <span>{label ?? t('app.loading')}</span>
    </StyledLoading>
  );
}
