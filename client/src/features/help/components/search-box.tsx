import type { ReactNode } from 'react'
import styled from 'styled-components'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { TextField } from '../../../components/ui/text-field'
import { MAX_QUERY_LENGTH } from '../lib'

const StyledSearch = styled.div`
  max-width: 36rem;
  margin-bottom: ${({ theme }) => theme.space.xl};
`

/** The search field of the FAQ and the knowledge base; the page debounces and asks the server. */
export function SearchBox({ label, value, onChange, testId }: { label: string; value: string; onChange: (value: string) => void; testId: string }) {
  return (
    <StyledSearch role="search">
      <TextField
        label={label}
        type="search"
        value={value}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </StyledSearch>
  )
}

export interface SearchOutcomeProps {
  /** `faq` or `kb`: the test ids are `<prefix>-error`, `-loading`, `-empty`, `-results`. */
  prefix: string
  error: unknown
  /** Whether an answer (this one or the previous) is there to show. */
  loaded: boolean
  /** A newer answer is on its way. */
  loading: boolean
  count: number
  /** Shown when nothing came back. */
  emptyText: string
  onRetry: () => void
  children: ReactNode
}

/** A search's states: failed, loading, nothing found, or the results (kept while the next search runs). */
export function SearchOutcome({ prefix, error, loaded, loading, count, emptyText, onRetry, children }: SearchOutcomeProps) {
  if (error && !loaded) return <ErrorState error={error} onRetry={onRetry} testId={`${prefix}-error`} />
  if (!loaded) return <LoadingState testId={`${prefix}-loading`} />
  if (count === 0) return <EmptyState testId={`${prefix}-empty`}>{emptyText}</EmptyState>
  return (
    <div aria-busy={loading || undefined} data-testid={`${prefix}-results`}>
      {children}
    </div>
  )
}
