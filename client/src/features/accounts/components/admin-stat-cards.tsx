import { useTranslation } from 'react-i18next'
import type { AccountsAdminStatsQuery } from '../graphql/admin.generated'
import { useFormatters } from '../../../lib/format'
import { ACCOUNT_PATHS } from '../lib/paths'
import { StatCard, StyledStatGrid } from './stat-card'

type Stats = AccountsAdminStatsQuery['adminStats']

/** Every account, newest first: the list the account and sign-up figures count. */
export const EVERY_ACCOUNT_NEWEST = `${ACCOUNT_PATHS.userList}?accounts=all&sortBy=createdAt&sortDesc=1`

/**
 * The admins' headline figures, each linking to where it is worked on: the admin dashboard and
 * the admin's start page show the same cards. The account figure counts every account, so it
 * links to the users list with every account shown (its default shows accounts with a package).
 */
export function AdminStatCards({ stats, days }: { stats: Stats; days: number }) {
  const { t } = useTranslation('accounts')
  const format = useFormatters()
  const totalUsers = stats.usersByRole.reduce((sum, r) => sum + r.count, 0)
  const signups = stats.signupsPerDay.reduce((sum, d) => sum + d.count, 0)
  return (
    <StyledStatGrid>
      <StatCard icon="users" tone="primary" value={format.number(totalUsers)} label={t('admin.totalUsers')} to={EVERY_ACCOUNT_NEWEST} testId="stat-users" />
      <StatCard
        icon="user"
        tone="primary"
        value={format.number(signups)}
        label={t('admin.signupsSummaryShort', { days })}
        to={EVERY_ACCOUNT_NEWEST}
        testId="stat-signups"
      />
      <StatCard icon="bot" tone="success" value={format.number(stats.activeBots)} label={t('admin.activeBots')} testId="stat-bots" />
      <StatCard
        icon="key"
        tone="warning"
        value={format.number(stats.licencesExpiringSoon)}
        label={t('admin.expiringSoon')}
        to={`${ACCOUNT_PATHS.licences}?expiring=7`}
        testId="stat-expiring"
      />
      <StatCard icon="dollar" tone="info" value={format.price(stats.monthlyRevenue, stats.currency)} label={t('admin.monthlyRevenue')} testId="stat-revenue" />
      <StatCard
        icon="flag"
        tone="warning"
        value={format.number(stats.openFeedbackReports)}
        label={t('admin.openFeedbackReports')}
        to="/admin/bot-feedback-reports"
        testId="stat-feedback"
      />
    </StyledStatGrid>
  )
}
