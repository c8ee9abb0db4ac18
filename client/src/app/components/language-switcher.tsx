import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Icon } from '../../components/ui/icon'
import { LANGUAGES, LANGUAGE_NAMES, changeLanguage, isLanguage } from '../../lib/i18n'

const StyledWrap = styled.span`
  position: relative;
  display: inline-flex;
  flex: none;
`

/** On a phone the select is a globe button: its own text hidden, the native picker still opens on it. */
const StyledGlobe = styled.span`
  display: none;

  @media ${({ theme }) => theme.media.phone} {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    color: ${({ theme }) => theme.colors.text};
    pointer-events: none;
  }
`

const StyledSelect = styled.select`
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  @media ${({ theme }) => theme.media.phone} {
    width: ${({ theme }) => theme.sizes.control};
    padding: 0;
    border-color: transparent;
    border-radius: ${({ theme }) => theme.radii.round};
    background: transparent;
    color: transparent;
    appearance: none;

    &:hover {
      background: ${({ theme }) => theme.colors.primarySoft};
    }

    option {
      color: ${({ theme }) => theme.colors.text};
      background: ${({ theme }) => theme.colors.surface};
    }
  }
`

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation()
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'
  return (
    <StyledWrap>
      <StyledSelect
        aria-label={t('navbar.language')}
        data-testid="language-switcher"
        value={current}
        onChange={(event) => {
          const next = event.target.value
          if (isLanguage(next)) void changeLanguage(next)
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </StyledSelect>
      <StyledGlobe>
        <Icon name="globe" />
      </StyledGlobe>
    </StyledWrap>
  )
}
