import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { StyledButtonLink } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { AccountsUsersDocument, type AccountsUsersQuery } from '../graphql/users.generated'
import { AccountsLicencesDocument } from '../graphql/licences.generated'
import { AccountsRunningBotsDocument } from '../graphql/running-bots.generated'
import { useQuery } from '@apollo/client/react'
import { StyledCellStack, StyledMono, StyledNowrap } from '../components/data-table'
import { RemainingDuration, UserStatusBadge } from '../components/licence-bits'
import { LicenceTable } from '../components/licence-table'
import { NotAuthorizedContent } from '../components/not-authorized-content'
import { StatisticsCards } from '../../statistics'
import { StatCard, StyledStatGrid } from '../components/stat-card'
import { UserIdentity } from '../components/user-identity'
import { useFormatters } from '../../../lib/format'
import { userRemaining } from '../lib/licence-time'
import { ACCOUNT_PATHS } from '../lib/paths'
import { useViewer } from '../lib/viewer'

type ClientRow = AccountsUsersQuery['users']['edges'][number]['node']

/** Reseller-ViewerDashboard: the reseller's clients with status and licence, and their key pool. */
export default function ResellerDashboardPage({ title }: { title: string }) {
  const { staff } = useViewer()
  if (!staff) return <NotAuthorizedContent title={title} />
  return <ResellerDashboard title={title} isAdmin={staff === 'admin'} />
}

function ResellerDashboard({ title, isAdmin }: { title: string; isAdmin: boolean }) {
  const { t } = useTranslation('accounts')
  const format = useFormatters()
  const clients = useQuery(AccountsUsersDocument, {
    variables: { role: 'client', first: 10, sortBy: 'createdAt', sortDesc: true },
    fetchPolicy: 'cache-and-network',
  })
  const runningBots = useQuery(AccountsRunningBotsDocument, { fetchPolicy: 'cache-and-network' })
  const pool = useQuery(AccountsLicencesDocument, { variables: { status: 'available', first: 1 }, fetchPolicy: 'cache-and-network' })
  const expiring = useQuery(AccountsLicencesDocument, { variables: { expiringWithinDays: 7, first: 1 }, fetchPolicy: 'cache-and-network' })
  const count = (value: number | undefined) => (value === undefined ? '…' : format.number(value))
  const rows = clients.data?.users.edges.map((edge) => edge.node) ?? []

  return (
    <StyledStack>
      <PageHeader
        title={title}
        subtitle={isAdmin ? t('reseller.subtitleAdmin') : t('reseller.subtitle')}
        actions={
          <>
            <StyledButtonLink to={`${ACCOUNT_PATHS.userList}?add=1`} data-testid="reseller-add-client">
              {t('users.addClient')}
            </StyledButtonLink>
          </>
        }
      />
      <StyledStatGrid>
        <StatCard
          icon="users"
          tone="primary"
          value={count(clients.data?.users.totalCount)}
          label={t('reseller.clients')}
          to={ACCOUNT_PATHS.userList}
          testId="stat-clients"
        />
        <StatCard icon="bot" tone="success" value={count(runningBots.data?.runningBots)} label={t('reseller.activeBots')} testId="stat-running-bots" />
        <StatCard icon="key" tone="info" value={count(pool.data?.licences.totalCount)} label={t('reseller.poolKeys')} testId="stat-pool" />
        <StatCard icon="zap" tone="warning" value={count(expiring.data?.licences.totalCount)} label={t('reseller.expiring')} />
      </StyledStatGrid>

      <StatisticsCards admin={isAdmin} />

      <Panel title={t('reseller.latestClients')} actions={<Link to={ACCOUNT_PATHS.userList}>{t('reseller.allClients')}</Link>}>
        <DataTable
          columns={[
            { key: 'user', header: t('fields.user'), cell: (user: ClientRow) => <UserIdentity user={user} detail={user.email} /> },
            { key: 'plan', header: t('fields.plan'), cell: (user: ClientRow) => user.currentPlan },
            {
              key: 'licence',
              header: t('fields.licence'),
              cell: (user: ClientRow) => (
                <StyledCellStack>
                  {user.licenseKey !== 'None' ? <StyledMono>{user.licenseKey}</StyledMono> : null}
                  <RemainingDuration remaining={userRemaining(user)} />
                </StyledCellStack>
              ),
            },
            { key: 'status', header: t('fields.status'), cell: (user: ClientRow) => <UserStatusBadge status={user.status} /> },
            { key: 'created', header: t('fields.created'), cell: (user: ClientRow) => <StyledNowrap>{format.date(user.createdAt)}</StyledNowrap> },
          ]}
          rows={clients.data ? rows : undefined}
          rowKey={(user) => user.id}
          error={clients.error}
          onRetry={() => void clients.refetch()}
          empty={t('reseller.noClients')}
          emptyTestId="clients-empty"
          emptyAction={<StyledButtonLink to={`${ACCOUNT_PATHS.userList}?add=1`}>{t('users.addClient')}</StyledButtonLink>}
          testId="client-table"
          rowTestId="client-row"
        />
      </Panel>

      <Panel title={t('reseller.pool')}>
        <Alert variant="info">{isAdmin ? t('reseller.poolHintAdmin') : t('reseller.poolHint')}</Alert>
        <LicenceTable filters={{ status: 'available' }} pageSize={10} canRevoke={isAdmin} emptyText={t('reseller.poolEmpty')} testId="pool-table" />
      </Panel>
    </StyledStack>
  )
}
