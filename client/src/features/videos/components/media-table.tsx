import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { formatCount, formatDay, formatLength } from '../lib/format';

export interface MediaItem {
  id: string;
  title: string;
  url: string;
  viewCount: number;
  durationSeconds: number;
  createdAt: string;
}

export interface ExtraColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

const StyledNumber = styled.td`
  text-align: right !important;
  font-variant-numeric: tabular-nums;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

/** Videos or clips as a table: title (a link to the platform), date, length, the platform's view count, and actions. */
export function MediaTable<T extends MediaItem>({
  items,
  caption,
  extra,
  actions,
  testId,
}: {
  items: readonly T[];
  caption: string;
  extra?: ExtraColumn<T>;
  actions: (item: T) => ReactNode;
  testId: string;
}) {
  const { t, i18n } = useTranslation('videos');
  return (
    <StyledTableWrap>
      <StyledTable $compact data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.title')}</th>
            {extra ? <th scope="col">{extra.header}</th> : null}
            <th scope="col">{t('table.date')}</th>
            <th scope="col">{t('table.length')}</th>
            <th scope="col">{t('table.views')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid={`${testId}-row`} data-id={item.id}>
              <td>
                <a href={item.url} target="_blank" rel="noreferrer noopener">
                  {item.title || t('table.untitled')}
                </a>
              </td>
              {extra ? <td>{extra.cell(item)}</td> : null}
              <td>{formatDay(item.createdAt, i18n.language)}</td>
              <td>{formatLength(item.durationSeconds)}</td>
              <StyledNumber data-testid="views">{formatCount(item.viewCount, i18n.language)}</StyledNumber>
              <td>
                <StyledActions>{actions(item)}</StyledActions>
              </td>
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledTableWrap>
  );
}
