import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { PATHS } from '../../../lib/paths'
import { Button } from '../../../components/ui/button'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { StyledStack } from '../../../components/ui/stack'
import { StyledTable, StyledTableWrap } from '../../../components/ui/table'
import { AccountsAdminStatsDocument } from '../graphql/admin.generated'
import { useQuery } from '@apollo/client/react'
import { StatisticsCards } from '../../statistics'
import { AuditLogTable } from '../components/audit-log-table'
import { BarList } from '../components/bar-list'
import { PlatformBreakdown } from '../components/platform-breakdown'
import { StyledMuted } from '../components/data-table'
import { SignupsChart } from '../components/signups-chart'
import { AdminStatCards } from '../components/admin-stat-cards'
import { useFormatters } from '../../../lib/format'
import { useAbility } from '../../../lib/ability-context'

const RANGES = [7, 30, 90] as const

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  grid-template-columns: 1fr;

  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`

const StyledRangeGroup = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`

/**
 * /admin, /admindashboardv2/ and /kick/admindashboard/: the admins' figures. /admin and the Kick
 * view are the overview (figures, statistics, sign-ups, audit log); /admindashboardv2/ is
 * "Accounts and revenue" (the figures, accounts by role and plan, revenue by plan), a view of
 * its own rather than a copy; /kick/admindashboard/ adds the channel figures by platform (Twitch and Kick). The two others need manage in the route table; /admin (read)
 * lets anyone signed in reach the page, so it sends everyone but an admin to the same
 * not-authorized page the guard uses.
 */
export default function AdminDashboardPage({ title }: { title: string }) {
  // Its figures (adminStats) are manage Admin.
  if (!useAbility().can('manage', 'Admin')) return <Navigate to={PATHS.notAuthorized} replace />
  return <AdminDashboard title={title} />
}

function AdminDashboard({ title }: { title: string }) {
  const { t } = useTranslation('accounts')
  const { t: tShared } = useTranslation()
  const format = useFormatters()
  const { pathname } = useLocation()
  const [days, setDays] = useState<(typeof RANGES)[number]>(30)
  const { data, previousData, loading, error, refetch } = useQuery(AccountsAdminStatsDocument, {
    variables: { days },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  })
  const stats = (data ?? previousData)?.adminStats
  // The Kick admin dashboard (spec route) leads with the figures by platform.
  const byPlatform = pathname.startsWith('/kick')
  const accountsView = pathname.startsWith('/admindashboardv2')

  return (
    <StyledStack>
      <PageHeader
        title={title}
        subtitle={stats ? t('admin.computedAt', { time: format.dateTime(stats.computedAt) }) : undefined}
        actions={
          <Button variant="secondary" onClick={() => void refetch()} disabled={loading} aria-busy={loading}>
            {t('admin.refresh')}
          </Button>
        }
      />
      {error && !stats ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : !stats ? (
        <LoadingState />
      ) : (
        <>
          {error ? <ErrorState error={error} onRetry={() => void refetch()} /> : null}
          <AdminStatCards stats={stats} days={days} />

          {byPlatform ? (
            <Panel title={t('admin.platform.title')} testId="platform-panel">
              <PlatformBreakdown platforms={stats.byPlatform} days={days} />
            </Panel>
          ) : null}

          {accountsView ? null : <StatisticsCards admin />}

          {accountsView ? null : (
            <Panel
              title={t('admin.signups')}
              actions={
                <StyledRangeGroup role="group" aria-label={t('admin.range')}>
                  {RANGES.map((value) => (
                    <Button key={value} variant={value === days ? 'primary' : 'secondary'} aria-pressed={value === days} onClick={() => setDays(value)}>
                      {t('admin.lastDays', { days: value })}
                    </Button>
                  ))}
                </StyledRangeGroup>
              }
            >
              <SignupsChart days={stats.signupsPerDay} />
            </Panel>
          )}

          {accountsView ? (
            <>
              <StyledGrid>
                <Panel title={t('admin.byRole')}>
                  <BarList
                    testId="users-by-role"
                    items={stats.usersByRole.map((r) => ({
                      key: r.role,
                      label: r.role === 'admin' || r.role === 'client' || r.role === 'reseller' ? tShared(`roles.${r.role}`) : r.role,
                      count: r.count,
                      display: format.number(r.count),
                    }))}
                  />
                </Panel>
                <Panel title={t('admin.byPlan')}>
                  <BarList
                    testId="users-by-plan"
                    items={stats.usersByPlan.map((p) => ({
                      key: p.plan,
                      label: p.plan === 'None' ? t('admin.noPackage') : p.plan,
                      count: p.count,
                      display: format.number(p.count),
                    }))}
                  />
                </Panel>
              </StyledGrid>

              <Panel title={t('admin.revenueByPlan')}>
                <StyledTableWrap>
                  <StyledTable data-testid="revenue-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('fields.plan')}</th>
                        <th scope="col">{t('admin.activeLicences')}</th>
                        <th scope="col">{t('admin.monthlyRevenue')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {stats.revenueByPlan.map((row) => (
                        <tr key={row.plan}>
                          <td>{row.plan}</td>
                          <td>{format.number(row.activeLicences)}</td>
                          <td>
                            {row.plan === 'Custom' && row.monthlyRevenue === 0 ? (
                              <StyledMuted>{t('admin.onRequest')}</StyledMuted>
                            ) : (
                              format.price(row.monthlyRevenue, stats.currency)
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row">{t('admin.total')}</th>
                        <td>{format.number(stats.revenueByPlan.reduce((sum, row) => sum + row.activeLicences, 0))}</td>
                        <td>{format.price(stats.monthlyRevenue, stats.currency)}</td>
                      </tr>
                    </tfoot>
                  </StyledTable>
                </StyledTableWrap>
                <StyledMuted>{t('admin.revenueNote')}</StyledMuted>
              </Panel>
            </>
          ) : (
            <Panel title={t('admin.audit')}>
              <AuditLogTable pageSize={10} />
            </Panel>
          )}
        </>
      )}
    </StyledStack>
  )
}
