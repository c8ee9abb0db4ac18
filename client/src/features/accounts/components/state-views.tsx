import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ServerError } from '../lib/server-error';
import { useServerErrorText } from './server-error-text';

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
  width: ${({ theme }) => theme.sizes.icon};
  height: ${({ theme }) => theme.sizes.icon};
  border-radius: ${({ theme }) => theme.radii.round};
  border: 2px solid ${({ theme }) => theme.colors.primarySoft};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

/** An inline "loading" line (the page shell stays visible). */
export function LoadingState({ label, testId }: { label?: string; testId?: string }) {
  const { t } = useTranslation('accounts');
  return (
    <StyledLoading role="status" aria-live="polite" data-testid={testId ?? 'loading'}>
      <StyledSpinner aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </StyledLoading>
  );
}

const StyledEmpty = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.xl}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};

  p { margin: 0 0 ${({ theme }) => theme.space.md}; }
`;

export function EmptyState({ children, action, testId }: { children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <StyledEmpty data-testid={testId ?? 'empty'}>
      <p>{children}</p>
      {action}
    </StyledEmpty>
  );
}

/** A translated error with an optional "Try again". */
export function ErrorState({ error, onRetry, testId }: { error: ServerError; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation('accounts');
  const text = useServerErrorText();
  return (
    <Alert testId={testId ?? 'load-error'}>
      <p>{text(error)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}
