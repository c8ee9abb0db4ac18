import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { StyledHeaderRow } from '../../../../components/ui/header-row';
import { StyledPanel } from '../../../../components/ui/panel';
import { StyledTable, StyledTableWrap } from '../../../../components/ui/table';
import { StyledEmptyList, StyledLimitLine } from './list-styles';

const StyledSection = styled(StyledPanel)`
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

export interface AutomationSectionProps {
  /** Prefix of the section's test ids: commands-section, new-command, commands-limit … */
  kind: 'command' | 'timer';
  title: string;
  newLabel: string;
  onNew: () => void;
  /** "3 of 25 commands in this channel" */
  limitText: string;
  atLimit: boolean;
  emptyText: string;
  /** The header cells of the data columns (the actions column is added). */
  columns: ReactNode;
  /** The rows; none: the empty text instead of the table. */
  rows: ReactNode[];
  /** The edit and delete dialogs. */
  dialogs: ReactNode;
}

/** The frame of the commands or the timers list: heading, "New …", the plan's limit, the table or the empty text. */
export function AutomationSection({ kind, title, newLabel, onNew, limitText, atLimit, emptyText, columns, rows, dialogs }: AutomationSectionProps) {
  const { t } = useTranslation('assistant');
  return (
    <StyledSection data-testid={`${kind}s-section`}>
      <StyledHeaderRow>
        <h2>{title}</h2>
        <Button onClick={onNew} disabled={atLimit} data-testid={`new-${kind}`}>
          {newLabel}
        </Button>
      </StyledHeaderRow>
      <StyledLimitLine data-testid={`${kind}s-limit`}>
        {limitText}
        {atLimit ? ` ${t('limits.reached')}` : ''}
      </StyledLimitLine>
      {rows.length === 0 ? (
        <StyledEmptyList data-testid={`${kind}s-empty`}>{emptyText}</StyledEmptyList>
      ) : (
        <StyledTableWrap>
          <StyledTable $compact data-testid={`${kind}s-table`}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns}
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </StyledTable>
        </StyledTableWrap>
      )}
      {dialogs}
    </StyledSection>
  );
}
