import { useTranslation } from 'react-i18next'
import { PAGES } from './pages'
import type { AppRoute } from './route-table'

/** Renders a route's lazy page with its translated title. */
export function RoutePage({ route }: { route: AppRoute }) {
  const { t } = useTranslation()
  const Page = PAGES[route.page]!
  return <Page title={t(`routes.${route.titleKey}`)} />
}
