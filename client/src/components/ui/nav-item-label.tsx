import { useTranslation } from 'react-i18next'
import { Icon } from './icon'
import type { NavItem } from '../../lib/menu-context'

/** A menu entry's icon and translated title. */
export function NavItemLabel({ item, small }: { item: NavItem; small?: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <Icon name={item.icon} small={small} />
      <span>{t(`routes.${item.titleKey}`)}</span>
    </>
  )
}
