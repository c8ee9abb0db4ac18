import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StyledCard } from '../../../components/ui/card';
import { assistantErrorCode, serverMessageOf, showsServerDetail } from '../lib/errors';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const StyledLoading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledSpinner = styled.span`
  width: ${({ theme }) => theme.space.xl};
  height: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.round};
  border: 3px solid ${({ theme }) => theme.colors.primarySoft};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

/** Inline loading state of a page section (the route's own overlay is already gone). */
export function LoadingBlock({ label }: { label?: string }) {
  const { t } = useTranslation('assistant');
  return (
    <StyledLoading role="status" aria-live="polite" data-testid="assistant-loading">
      <StyledSpinner aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </StyledLoading>
  );
}

/** The translated text for a failure, with the server's detail where it helps. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error: unknown) => {
    const code = assistantErrorCode(error);
    const text = t(`errors.${code}`);
    const detail = showsServerDetail(code) ? serverMessageOf(error) : null;
    return detail && detail !== text ? `${text} (${detail})` : text;
  };
}

/** A failed load: what went wrong and a retry button. */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('assistant');
  const errorText = useErrorText();
  return (
    <Alert testId="assistant-error">
      <p>{errorText(error)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}

export const StyledSectionCard = styled(StyledCard)`
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

export const StyledSectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export const StyledMuted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const StyledPageIntro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: calc(${({ theme }) => theme.sizes.authCardWidth} * 2.5);
`;

export function SectionCard({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <StyledSectionCard data-testid={testId}>
      <StyledSectionHeader>
        <h2>{title}</h2>
        {actions}
      </StyledSectionHeader>
      {children}
    </StyledSectionCard>
  );
}
