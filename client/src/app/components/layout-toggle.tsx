import { useTranslation } from 'react-i18next'
import { StyledIconButton } from '../../components/ui/button'
import { Icon } from '../../components/ui/icon'
import { type LayoutType, setLayoutType } from '../../lib/preferences'

/** Switches app pages between the vertical (sidebar) and horizontal (top menu) layout. */
export function LayoutToggle({ current }: { current: LayoutType }) {
  const { t } = useTranslation()
  const next: LayoutType = current === 'vertical' ? 'horizontal' : 'vertical'
  return (
    <StyledIconButton
      type="button"
      aria-label={next === 'horizontal' ? t('navbar.layout.toHorizontal') : t('navbar.layout.toVertical')}
      data-testid="layout-toggle"
      onClick={() => setLayoutType(next)}
    >
      <Icon name={next === 'horizontal' ? 'rows' : 'columns'} />
    </StyledIconButton>
  )
}
