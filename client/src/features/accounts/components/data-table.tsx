import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';

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
