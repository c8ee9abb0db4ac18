import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { StyledPageHeading } from '../../../components/ui/page-heading'
import type { PricingPlatform } from '../../../gql/types'
import { PricingCurrentPlanDocument, PricingPlansDocument } from '../graphql/pricing.generated'
import { useQuery } from '@apollo/client/react'
import { useLanguage } from '../../../lib/use-language'
import { useSession } from '../../../lib/use-session'
import { type Billing, PlanCard } from './plan-card'

const ACTIVATION_PATH = '/pages/license-demo'

const StyledHero = styled.header`
  text-align: center;
  margin-bottom: ${({ theme }) => theme.space.xl};

  p {
    max-width: 40rem;
    margin: 0 auto ${({ theme }) => theme.space.lg};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const StyledToggle = styled.div`
  display: inline-flex;
  padding: ${({ theme }) => theme.space.xxs};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  gap: ${({ theme }) => theme.space.xxs};
`

const StyledToggleButton = styled.button<{ $on: boolean }>`
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.xl}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $on }) => ($on ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $on }) => ($on ? theme.colors.onPrimary : theme.colors.heading)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
`

/** One column, two side by side, four in a row when the content area is wide enough. */
const StyledGridArea = styled.div`
  container-type: inline-size;
`

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  grid-template-columns: 1fr;
  align-items: stretch;

  @container (min-width: 36rem) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  @container (min-width: 70rem) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`

const StyledFaq = styled(StyledCard)`
  margin-top: ${({ theme }) => theme.space.xxl};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  details {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    padding: ${({ theme }) => `${theme.space.md} 0`};
  }

  summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.heading};
  }

  details p {
    margin: ${({ theme }) => `${theme.space.sm} 0 0`};
  }
`

const StyledNote = styled.p`
  margin-top: ${({ theme }) => theme.space.xl};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`

/** The pricing page (plans from the server, monthly / yearly, Q and A) for Twitch or Kick. */
export function PricingView({ title, platform }: { title: string; platform: PricingPlatform }) {
  const { t } = useTranslation('pricing')
  const [billing, setBilling] = useState<Billing>('monthly')
  const { userData } = useSession()
  const language = useLanguage()
  const { data, loading, error, refetch } = useQuery(PricingPlansDocument, { variables: { platform, locale: language }, fetchPolicy: 'cache-and-network' })
  const current = useQuery(PricingCurrentPlanDocument, { variables: { id: userData?.id ?? '' }, skip: !userData })
  const currentPlan = current.data?.user?.currentPlan
  const plans = [...(data?.plans ?? [])].sort((a, b) => a.sortOrder - b.sortOrder)

  return (
    <div>
      <StyledHero>
        <StyledPageHeading id="page-title">{title}</StyledPageHeading>
        <p>{platform === 'kick' ? t('introKick') : t('intro')}</p>
        <StyledToggle role="group" aria-label={t('billing')}>
          {(['monthly', 'yearly'] as const).map((value) => (
            <StyledToggleButton
              key={value}
              type="button"
              $on={billing === value}
              aria-pressed={billing === value}
              onClick={() => setBilling(value)}
              data-testid={`billing-${value}`}
            >
              {t(value)}
            </StyledToggleButton>
          ))}
        </StyledToggle>
      </StyledHero>

      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} testId="pricing-error" />
      ) : loading && !data ? (
        <LoadingState label={t('loading')} />
      ) : plans.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <StyledGridArea>
          <StyledGrid data-testid="plan-grid">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} billing={billing} current={plan.name === currentPlan} activatePath={ACTIVATION_PATH} />
            ))}
          </StyledGrid>
        </StyledGridArea>
      )}

      <StyledNote>
        {platform === 'kick' ? `${t('raidRule')} ` : ''}
        {t('payment')}
      </StyledNote>

      {data && data.pricingQuestions.length > 0 ? (
        <StyledFaq aria-labelledby="faq-title">
          <h2 id="faq-title">{t('faqTitle')}</h2>
          {data.pricingQuestions.map((item) => (
            <details key={item.question} data-testid="pricing-question">
              <summary>{item.question}</summary>
              <p>{item.ans}</p>
            </details>
          ))}
        </StyledFaq>
      ) : null}
    </div>
  )
}
