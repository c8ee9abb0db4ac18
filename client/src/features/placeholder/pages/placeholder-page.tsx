import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StyledCard } from '../../../components/ui/card';
import { StyledPageHeading } from '../../../components/ui/page-heading';

const StyledPlaceholder = styled(StyledCard)`
  width: 100%;
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** An honest placeholder for pages later issues build: the translated title and a note. */
export default function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('placeholder');
  return (
    <StyledPlaceholder aria-labelledby="page-title">
      <StyledPageHeading id="page-title">{title}</StyledPageHeading>
      <StyledNote data-testid="not-built">{t('notBuilt')}</StyledNote>
    </StyledPlaceholder>
  );
}
