import styled from 'styled-components'
import { Button } from './button'

const StyledPager = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`

/** Previous / "Page x of y" / Next for offset-paged lists; the labels come from the page's namespace. */
export function Pager({
  page,
  pages,
  onPage,
  labels,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
  labels: { previous: string; next: string; current: string }
}) {
  return (
    <StyledPager>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {labels.previous}
      </Button>
      <span>{labels.current}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {labels.next}
      </Button>
    </StyledPager>
  )
}
