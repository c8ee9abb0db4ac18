import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledSpinner } from './spinner'

const StyledLoading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
`

/**
 * An inline "loading" line for a page section (the page shell stays visible). Marked
 * `data-loading` whatever its test id: the browser tests' walks wait until none is left.
 */
export function LoadingState({ label, testId = 'loading' }: { label?: string; testId?: string }) {
  const { t } = useTranslation()
  return (
    <StyledLoading role="status" aria-live="polite" data-testid={testId} data-loading="">
      <StyledSpinner />
      <span>{label ?? t('app.loading')}</span>
    </StyledLoading>
  )
}

const StyledScreenHold = styled.div`
  display: flex;
  justify-content: center;
  min-height: 100vh;
`

/**
 * A loading state that holds a screen's height, for the main content of a page still loading:
 * the footer under it does not show and then move down when the content comes (no layout shift).
 */
export function ScreenLoadingState({ testId }: { testId?: string }) {
  return (
    <StyledScreenHold>
      <LoadingState testId={testId} />
    </StyledScreenHold>
  )
}
