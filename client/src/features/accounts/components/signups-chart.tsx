import { Suspense, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { LoadingState } from '../../../components/ui/loading-state'
import { useFormatters } from '../../../lib/format'

// Recharts is large: it loads with the chart, not with the dashboard.
const SignupsBars = lazy(() => import('./signups-bars'))

const StyledFigure = styled.figure`
  margin: 0;

  > div {
    min-height: 200px;
  }
`

/**
 * New accounts per day as a bar chart. Screen readers get a summary and the values in a
 * hidden table.
 */
export function SignupsChart({ days }: { days: Array<{ day: string; count: number }> }) {
  const { t } = useTranslation('accounts')
  const format = useFormatters()
  const total = days.reduce((sum, d) => sum + d.count, 0)
  const data = days.map((d) => ({ label: format.shortDay(d.day), count: d.count }))

  return (
    <StyledFigure data-testid="signups-chart">
      <div role="img" aria-label={t('admin.signupsSummary', { total, days: days.length })}>
        <Suspense fallback={<LoadingState testId="signups-chart-loading" />}>
          <SignupsBars data={data} seriesName={t('admin.newAccounts')} />
        </Suspense>
      </div>
      <table className="visually-hidden" data-testid="signups-table">
        <caption>{t('admin.signups')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.day')}</th>
            <th scope="col">{t('admin.newAccounts')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{format.date(d.day)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StyledFigure>
  )
}
