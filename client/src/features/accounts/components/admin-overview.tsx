import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { Panel } from '../../../components/ui/panel'
import { AccountsAdminStatsDocument } from '../graphql/admin.generated'
import { useQuery } from '@apollo/client/react'
import { AdminStatCards } from './admin-stat-cards'

const DAYS = 30

/**
 * The admin's start page: the figures an admin acts on (accounts and sign-ups, bots running,
 * expiring licences, revenue, open feedback), each a link to where it is handled, and the way
 * to the full dashboard. Only mounted for admins (adminStats is manage Admin).
 */
export function AdminOverview() {
  const { t } = useTranslation('accounts')
  const { data, error, refetch } = useQuery(AccountsAdminStatsDocument, { variables: { days: DAYS }, fetchPolicy: 'cache-and-network' })
  const stats = data?.adminStats
  return (
    <Panel title={t('admin.overview')} testId="admin-overview">
      {stats ? <AdminStatCards stats={stats} days={DAYS} /> : error ? <ErrorState error={error} onRetry={() => void refetch()} /> : <LoadingState />}
      <p>
        <Link to="/admin" data-testid="admin-overview-dashboard">
          {t('admin.toDashboard')}
        </Link>
      </p>
    </Panel>
  )
}
