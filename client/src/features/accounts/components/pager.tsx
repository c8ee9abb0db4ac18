import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'

const StyledPager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

const StyledGroup = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`

const StyledSizeSelect = styled.select`
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
`

export const PAGE_SIZES = [10, 25, 50] as const

export interface PagerProps {
  /** The rows shown (see rangeOf). */
  range: { from: number; to: number; total: number }
  /** 1-based; there is a previous page after the first. */
  page: number
  hasNext: boolean
  onPrevious: () => void
  onNext: () => void
  pageSize?: number
  onPageSize?: (size: number) => void
  busy?: boolean
  label: string
}

/** "1–10 of 45", page size, previous / next (keyset paging: no jumping to page n). */
export function Pager({ range, page, hasNext, onPrevious, onNext, pageSize, onPageSize, busy, label }: PagerProps) {
  const { t } = useTranslation('accounts')
  const sizeId = useId()
  return (
    <StyledPager aria-label={label}>
      <span data-testid="pager-range" aria-live="polite">
        {t('common.range', range)}
      </span>
      <StyledGroup>
        {pageSize !== undefined && onPageSize ? (
          <>
            <label htmlFor={sizeId}>{t('common.perPage')}</label>
            <StyledSizeSelect id={sizeId} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))} data-testid="page-size">
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </StyledSizeSelect>
          </>
        ) : null}
        <Button variant="secondary" onClick={onPrevious} disabled={page <= 1 || busy} data-testid="pager-previous">
          {t('common.previous')}
        </Button>
        <span aria-label={t('common.pageLabel', { page })}>{page}</span>
        <Button variant="secondary" onClick={onNext} disabled={!hasNext || busy} data-testid="pager-next">
          {t('common.next')}
        </Button>
      </StyledGroup>
    </StyledPager>
  )
}
