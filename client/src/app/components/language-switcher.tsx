import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LANGUAGES, LANGUAGE_NAMES, changeLanguage, isLanguage } from '../../lib/i18n';

const StyledSelect = styled.select`
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <StyledSelect
      aria-label={t('navbar.language')}
      data-testid="language-switcher"
      value={current}
      onChange={(event) => {
        const next = event.target.value;
        if (isLanguage(next)) void changeLanguage(next);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </StyledSelect>
  );
}
