import { Suspense, lazy, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { Panel } from '../../../components/ui/panel'
import { useMoney } from '../../../lib/money'
import { StatisticsCardsDocument, StatisticsNewsletterDocument } from '../graphql/statistics.generated'
import { useQuery } from '@apollo/client/react'
import { customersOf, devicesOf, headlineOf, lastDays, lastMonths, parseGrouped, productOrdersOf, seriesOf, supportOf } from '../lib/cards'

// Recharts is large: it loads with the first chart, not with the dashboard.
const SeriesBars = lazy(() => import('./series-bars'))

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
`

const StyledCardBox = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  min-width: 0;

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const StyledHeadline = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.heading};
`

const StyledNote = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    text-align: end;
  }
`

type Tone = 'primary' | 'success' | 'warning' | 'info'

/** A series card: headline, what it counts, the bars (and a hidden table for screen readers). */
function SeriesCard(props: {
  id: string
  title: string
  note: string
  headline: string
  values: number[]
  labels: string[]
  format: (value: number) => string
  money?: boolean
  tone: Tone
}) {
  const points = props.values.map((value, i) => ({ label: props.labels[i] ?? '', value }))
  return (
    <StyledCardBox data-testid={`stat-card-${props.id}`}>
      <h3>{props.title}</h3>
      <StyledHeadline data-testid={`stat-card-${props.id}-value`}>{props.headline}</StyledHeadline>
      <StyledNote>{props.note}</StyledNote>
      <div role="img" aria-label={`${props.title}: ${points.map((p) => `${p.label} ${props.format(p.value)}`).join(', ')}`}>
        <Suspense fallback={<LoadingState />}>
          <SeriesBars points={points} name={props.title} format={props.format} money={props.money ?? false} tone={props.tone} />
        </Suspense>
      </div>
    </StyledCardBox>
  )
}

function FactsCard({ id, title, note, facts }: { id: string; title: string; note: string; facts: Array<[string, string]> }) {
  return (
    <StyledCardBox data-testid={`stat-card-${id}`}>
      <h3>{title}</h3>
      <StyledFacts>
        {facts.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </StyledFacts>
      <StyledNote>{note}</StyledNote>
    </StyledCardBox>
  )
}

/**
 * The §7 statistics cards on the admin and reseller dashboards, from the server's figures
 * (a reseller's are their clients'). Newsletter figures are shown to admins only.
 */
export function StatisticsCards({ admin }: { admin: boolean }) {
  const { t, i18n } = useTranslation('statistics')
  const language = i18n.resolvedLanguage ?? 'en'
  const cards = useQuery(StatisticsCardsDocument, { fetchPolicy: 'cache-and-network' })
  const newsletter = useQuery(StatisticsNewsletterDocument, { skip: !admin, fetchPolicy: 'cache-and-network' })
  const d = cards.data
  const money = useMoney(d?.statisticsCurrency)
  const count = useMemo(() => new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format, [language])
  const percent = useMemo(() => new Intl.NumberFormat(language, { style: 'unit', unit: 'percent', maximumFractionDigits: 1 }).format, [language])
  const dayLabel = useMemo(() => new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }), [language])
  const monthLabel = useMemo(() => new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }), [language])
  const days = (n: number) => lastDays(n).map((day) => dayLabel.format(new Date(`${day}T00:00:00Z`)))
  const months = (n: number) => lastMonths(n).map((m) => monthLabel.format(new Date(`${m}-01T00:00:00Z`)))
  const asNumber = (v: number | string) => (typeof v === 'number' ? v : parseGrouped(v))

  return (
    <Panel title={t('title')} testId="statistics-cards">
      {cards.error && !d ? (
        <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />
      ) : !d ? (
        <LoadingState />
      ) : (
        <StyledGrid>
          <SeriesCard
            id="subscribers"
            tone="primary"
            title={t('subscribers.title')}
            note={t('subscribers.note')}
            headline={count(asNumber(headlineOf(d.subscribers, 'subscribers')))}
            values={seriesOf(d.subscribers)}
            labels={days(7)}
            format={count}
          />
          <SeriesCard
            id="revenue"
            tone="success"
            money
            title={t('revenue.title')}
            note={t('revenue.note')}
            headline={money(asNumber(headlineOf(d.revenue, 'revenue')))}
            values={seriesOf(d.revenue)}
            labels={days(7)}
            format={money}
          />
          <SeriesCard
            id="orders"
            tone="info"
            title={t('orders.title')}
            note={t('orders.note')}
            headline={count(asNumber(headlineOf(d.orders, 'orders')))}
            values={seriesOf(d.orders)}
            labels={days(7)}
            format={count}
          />
          <SeriesCard
            id="sales"
            tone="warning"
            title={t('sales.title')}
            note={t('sales.note', { share: String(headlineOf(d.sales, 'sales')) })}
            headline={count(seriesOf(d.sales).reduce((a, b) => a + b, 0))}
            values={seriesOf(d.sales)}
            labels={months(6)}
            format={count}
          />
          <SeriesCard
            id="site-traffic"
            tone="primary"
            title={t('traffic.title')}
            note={t('traffic.note')}
            headline={count(seriesOf(d.siteTraffic).reduce((a, b) => a + b, 0))}
            values={seriesOf(d.siteTraffic)}
            labels={days(6)}
            format={count}
          />
          <SeriesCard
            id="active-users"
            tone="success"
            title={t('active.title')}
            note={t('active.note')}
            headline={count(seriesOf(d.activeUsers).at(-1) ?? 0)}
            values={seriesOf(d.activeUsers)}
            labels={days(7)}
            format={count}
          />
          {admin && newsletter.data ? (
            <SeriesCard
              id="newsletter"
              tone="info"
              title={t('newsletter.title')}
              note={t('newsletter.note')}
              headline={count(seriesOf(newsletter.data.newsletter).reduce((a, b) => a + b, 0))}
              values={seriesOf(newsletter.data.newsletter)}
              labels={days(6)}
              format={count}
            />
          ) : null}
          <FactsCard
            id="product-orders"
            title={t('productOrders.title')}
            note={t('last28')}
            facts={[
              [t('productOrders.finished'), count(productOrdersOf(d.productOrders).finished)],
              [t('productOrders.pending'), count(productOrdersOf(d.productOrders).pending)],
              [t('productOrders.rejected'), count(productOrdersOf(d.productOrders).rejected)],
            ]}
          />
          <FactsCard
            id="month-revenue"
            title={t('month.title')}
            note={t('month.note')}
            facts={[
              [t('month.this'), money(parseGrouped((d.monthRevenue as { thisMonth?: unknown } | null)?.thisMonth))],
              [t('month.last'), money(parseGrouped((d.monthRevenue as { lastMonth?: unknown } | null)?.lastMonth))],
            ]}
          />
          <FactsCard
            id="customers"
            title={t('customers.title')}
            note={t('customers.note')}
            facts={customersOf(d.customers).map((c) => [t(`customers.${c.text.toLowerCase()}`, { defaultValue: c.text }), count(c.result)])}
          />
          <FactsCard
            id="sessions-device"
            title={t('devices.title')}
            note={t('devices.note')}
            facts={devicesOf(d.sessionsDevice).map((dev) => [t(`devices.${dev.name.toLowerCase()}`, { defaultValue: dev.name }), percent(dev.usage)])}
          />
          <FactsCard
            id="support-tracker"
            title={t('support.title')}
            note={t('support.note')}
            facts={[
              [t('support.total'), count(supportOf(d.supportTracker).totalTicket)],
              [t('support.new'), count(supportOf(d.supportTracker).newTicket)],
              [t('support.open'), count(supportOf(d.supportTracker).openTicket)],
              [t('support.response'), t('support.days', { count: supportOf(d.supportTracker).responseTime })],
            ]}
          />
        </StyledGrid>
      )}
    </Panel>
  )
}
