import type { ReactNode } from 'react';
import styled from 'styled-components';
import { StyledCard } from '../../../components/ui/card';
import { StyledPageHeading } from '../../../components/ui/page-heading';

const StyledHeaderRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h1 {
    margin: 0;
  }
`;

const StyledSubtitle = styled.p`
  margin: ${({ theme }) => `${theme.space.xs} 0 0`};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** The page's <h1> with an optional subtitle and actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <StyledHeaderRow>
      <div>
        <StyledPageHeading id="page-title">{title}</StyledPageHeading>
        {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
      </div>
      {actions ? <StyledActions>{actions}</StyledActions> : null}
    </StyledHeaderRow>
  );
}

export const StyledStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

export const StyledPanel = styled(StyledCard)`
  min-width: 0;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export const StyledPanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h2 {
    margin: 0;
  }
`;

export const StyledTwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  grid-template-columns: 1fr;
  align-items: start;

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
  }
`;

export const StyledFilters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  grid-template-columns: 1fr;
  align-items: end;

  @media ${({ theme }) => theme.media.smUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  > * {
    margin-bottom: 0;
  }
`;

/** A definition list of label / value pairs. */
export const StyledDetails = styled.dl`
  display: grid;
  grid-template-columns: minmax(7rem, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.heading};
    overflow-wrap: anywhere;
  }
`;
