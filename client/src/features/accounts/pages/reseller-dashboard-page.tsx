import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { StyledButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Panel } from '../../../components/ui/panel';
import { StyledStack } from '../../../components/ui/stack';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { useAccountsLicencesQuery, useAccountsRunningBotsQuery, useAccountsUsersQuery } from '../../../gql/graphql';
import { StyledCellStack, StyledMono, StyledNowrap } from '../components/data-table';
import { RemainingDuration, UserStatusBadge } from '../components/licence-bits';
import { LicenceTable } from '../components/licence-table';
import { NotAuthorizedContent } from '../components/not-authorized-content';
import { StatisticsCards } from '../../statistics';
import { StatCard, StyledStatGrid } from '../components/stat-card';
import { UserIdentity } from '../components/user-identity';
import { useFormatters } from '../../../lib/format';
import { userRemaining } from '../lib/licence-time';
import { ACCOUNT_PATHS } from '../lib/paths';
import { useViewer } from '../lib/viewer';

/** Reseller-ViewerDashboard: the reseller's clients with status and licence, and their key pool. */
export default function ResellerDashboardPage({ title }: { title: string }) {
  const { staff } = useViewer();
  if (!staff) return <NotAuthorizedContent title={title} />;
  return <ResellerDashboard title={title} isAdmin={staff === 'admin'} />;
}

function ResellerDashboard({ title, isAdmin }: { title: string; isAdmin: boolean }) {
  const { t } = useTranslation('accounts');
  const format = useFormatters();
  const clients = useAccountsUsersQuery({ variables: { role: 'client', first: 10, sortBy: 'createdAt', sortDesc: true }, fetchPolicy: 'cache-and-network' });
  const runningBots = useAccountsRunningBotsQuery({ fetchPolicy: 'cache-and-network' });
  const pool = useAccountsLicencesQuery({ variables: { status: 'available', first: 1 }, fetchPolicy: 'cache-and-network' });
  const expiring = useAccountsLicencesQuery({ variables: { expiringWithinDays: 7, first: 1 }, fetchPolicy: 'cache-and-network' });
  const count = (value: number | undefined) => (value === undefined ? '…' : format.number(value));
  const rows = clients.data?.users.edges.map((edge) => edge.node) ?? [];

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
        <StatCard icon="users" tone="primary" value={count(clients.data?.users.totalCount)} label={t('reseller.clients')} to={ACCOUNT_PATHS.userList} testId="stat-clients" />
        <StatCard icon="bot" tone="success" value={count(runningBots.data?.runningBots)} label={t('reseller.activeBots')} testId="stat-running-bots" />
        <StatCard icon="key" tone="info" value={count(pool.data?.licences.totalCount)} label={t('reseller.poolKeys')} testId="stat-pool" />
        <StatCard icon="zap" tone="warning" value={count(expiring.data?.licences.totalCount)} label={t('reseller.expiring')} />
      </StyledStatGrid>

      <StatisticsCards admin={isAdmin} />

      <Panel title={t('reseller.latestClients')} actions={<Link to={ACCOUNT_PATHS.userList}>{t('reseller.allClients')}</Link>}>
        {clients.error && !clients.data ? (
          <ErrorState error={clients.error} onRetry={() => void clients.refetch()} />
        ) : !clients.data ? (
          <LoadingState />
        ) : rows.length === 0 ? (
          <EmptyState testId="clients-empty" action={<StyledButtonLink to={`${ACCOUNT_PATHS.userList}?add=1`}>{t('users.addClient')}</StyledButtonLink>}>
            {t('reseller.noClients')}
          </EmptyState>
        ) : (
          <StyledTableWrap>
            <StyledTable data-testid="client-table">
              <thead>
                <tr>
                  <th scope="col">{t('fields.user')}</th>
                  <th scope="col">{t('fields.plan')}</th>
                  <th scope="col">{t('fields.licence')}</th>
                  <th scope="col">{t('fields.status')}</th>
                  <th scope="col">{t('fields.created')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => (
                  <tr key={user.id} data-testid="client-row">
                    <td>
                      <UserIdentity user={user} detail={user.email} />
                    </td>
                    <td>{user.currentPlan}</td>
                    <td>
                      <StyledCellStack>
                        {user.licenseKey !== 'None' ? <StyledMono>{user.licenseKey}</StyledMono> : null}
                        <RemainingDuration remaining={userRemaining(user)} />
                      </StyledCellStack>
                    </td>
                    <td>
                      <UserStatusBadge status={user.status} />
                    </td>
                    <td>
                      <StyledNowrap>{format.date(user.createdAt)}</StyledNowrap>
                    </td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableWrap>
        )}
      </Panel>

      <Panel title={t('reseller.pool')}>
        <Alert variant="info">{isAdmin ? t('reseller.poolHintAdmin') : t('reseller.poolHint')}</Alert>
        <LicenceTable filters={{ status: 'available' }} pageSize={10} canRevoke={isAdmin} emptyText={t('reseller.poolEmpty')} testId="pool-table" />
      </Panel>
    </StyledStack>
  );
}
