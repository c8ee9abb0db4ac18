import styled from 'styled-components'

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`

const StyledRow = styled.li`
  display: grid;
  grid-template-columns: minmax(6rem, 1fr) 3fr minmax(2.5rem, auto);
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

const StyledTrack = styled.span`
  height: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  overflow: hidden;
`

const StyledFill = styled.span<{ $share: number }>`
  display: block;
  height: 100%;
  width: ${({ $share }) => `${$share}%`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
`

const StyledCount = styled.span`
  text-align: right;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.heading};
`

/** Labelled counts with proportional bars (the numbers are always written out). */
export function BarList({ items, testId }: { items: Array<{ key: string; label: string; count: number; display: string }>; testId?: string }) {
  const max = items.reduce((m, item) => Math.max(m, item.count), 0)
  return (
    <StyledList data-testid={testId}>
      {items.map((item) => (
        <StyledRow key={item.key} data-testid={testId ? `${testId}-item` : undefined}>
          <span>{item.label}</span>
          <StyledTrack aria-hidden="true">
            <StyledFill $share={max > 0 ? Math.round((item.count / max) * 100) : 0} />
          </StyledTrack>
          <StyledCount>{item.display}</StyledCount>
        </StyledRow>
      ))}
    </StyledList>
  )
}
