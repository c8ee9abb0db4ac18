import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';

/** Scrolls sideways on narrow screens instead of squeezing the columns. */
export const StyledTableWrap = styled.div`
  width: 100%;
  overflow-x: auto;
  position: relative;
`;

export const StyledTable = styled.table<{ $busy?: boolean; $compact?: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  transition: opacity ${({ theme }) => theme.durations.fast};

  caption {
    text-align: left;
  }

  th,
  td {
    padding: ${({ theme, $compact }) => ($compact ? `${theme.space.sm} ${theme.space.md}` : `${theme.space.md} ${theme.space.lg}`)};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    color: ${({ theme }) => theme.colors.heading};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-transform: uppercase;
    letter-spacing: 0.03em;
    white-space: nowrap;
    background: ${({ theme }) => theme.colors.body};
  }

  tbody tr:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

export const StyledCellStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

export const StyledMuted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

export const StyledMono = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.heading};
  white-space: nowrap;
`;

export const StyledRowActions = styled.div<{ $nowrap?: boolean }>`
  display: flex;
  flex-wrap: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'wrap')};
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

/** Avatar and name side by side, never wrapped. */
export const StyledIdentity = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  white-space: nowrap;
`;

export const StyledNowrap = styled.span`
  white-space: nowrap;
`;

/** A compact button for table rows. */
export const StyledRowButton = styled(Button)`
  min-height: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledSortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0;
  border: 0;
  background: transparent;
  font: inherit;
  color: inherit;
  text-transform: inherit;
  letter-spacing: inherit;
  cursor: pointer;
`;

const StyledArrow = styled.span<{ $active: boolean }>`
  opacity: ${({ $active }) => ($active ? 1 : 0.35)};
`;

/** A column header that sorts; aria-sort says the current order. */
export function SortHeader({
  label,
  active,
  descending,
  onSort,
}: {
  label: ReactNode;
  active: boolean;
  descending: boolean;
  onSort: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <th scope="col" aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <StyledSortButton type="button" onClick={onSort}>
        {label}
        <StyledArrow aria-hidden="true" $active={active}>
          {active && descending ? '▼' : '▲'}
        </StyledArrow>
        <span className="visually-hidden">{t('common.sortBy')}</span>
      </StyledSortButton>
    </th>
  );
}
