import styled from 'styled-components';

/** Scrolls a wide table sideways on narrow screens; relative so visually hidden cells stay inside it. */
export const StyledTableWrap = styled.div`
  width: 100%;
  overflow-x: auto;
  position: relative;
`;

/** A data table; `$compact` for dense rows, `$busy` dims it while a new page loads. */
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
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    white-space: nowrap;
  }

  thead th {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.03em;
    background: ${({ theme }) => theme.colors.body};
  }

  tbody tr:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;
