import { useTranslation } from 'react-i18next'
import { StyledIconButton } from '../../components/ui/button'
import { Icon } from '../../components/ui/icon'
import { setSkin, useSkin } from '../../lib/preferences'

/** Light/dark skin; the choice is stored and a `dark` class is set on <html>. */
export function SkinToggle() {
  const { t } = useTranslation()
  const skin = useSkin()
  const dark = skin === 'dark'
  return (
    <StyledIconButton
      type="button"
      aria-label={t('navbar.darkMode')}
      aria-pressed={dark}
      data-testid="skin-toggle"
      onClick={() => setSkin(dark ? 'light' : 'dark')}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </StyledIconButton>
  )
}
