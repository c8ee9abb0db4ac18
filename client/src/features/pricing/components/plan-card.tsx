import { Fragment, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import styled, { css } from 'styled-components'
import { StyledButtonLink } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import type { PricingPlansQuery } from '../graphql/pricing.generated'
import { moneyFormatter } from '../../../lib/money'

export type PricingPlan = PricingPlansQuery['plans'][number]
export type Billing = 'monthly' | 'yearly'

const StyledPlan = styled(StyledCard)<{ $popular: boolean; $current: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  ${({ $popular, theme }) =>
    $popular &&
    css`
      border-color: ${theme.colors.primary};
    `}
  ${({ $current, theme }) =>
    $current &&
    css`
      border-color: ${theme.colors.success};
    `}

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`

const StyledHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`

const StyledBadges = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`

const StyledBadge = styled.span<{ $tone: 'primary' | 'success' }>`
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.link : theme.colors.success)};
  background: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.primarySoft : theme.colors.successSoft)};
`

const StyledSubtitle = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`

const StyledPrice = styled.p`
  margin: 0;
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.heading};

  strong {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    line-height: ${({ theme }) => theme.lineHeights.tight};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    color: ${({ theme }) => theme.colors.link};
  }
`

const StyledOnRequest = styled.strong`
  && {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`

const StyledBilled = styled.p`
  margin: 0;
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`

const StyledList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};

  li {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
  }

  li::before {
    content: '✓';
    color: ${({ theme }) => theme.colors.success};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`

const StyledLimits = styled.dl`
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    text-align: right;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.heading};
  }
`

const StyledFooter = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.md};

  a {
    width: 100%;
  }
`

const LIMIT_KEYS = ['channels', 'commands', 'timers', 'conversationAnswersPerMonth', 'raidsPerDay'] as const

function useFormats(currency: string) {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'en'
  return useMemo(() => ({ price: moneyFormatter(language, currency), count: new Intl.NumberFormat(language).format }), [language, currency])
}

/** One plan: price for the chosen billing, benefits, additions and the real limits. */
export function PlanCard({ plan, billing, current, activatePath }: { plan: PricingPlan; billing: Billing; current: boolean; activatePath: string }) {
  const { t } = useTranslation('pricing')
  const { price, count } = useFormats(plan.currency)
  const perMonth = billing === 'monthly' ? plan.monthlyPrice : plan.yearlyPerMonth
  const headingId = `plan-${plan.id}`

  return (
    <StyledPlan $popular={plan.popular} $current={current} aria-labelledby={headingId} data-testid="plan-card">
      <StyledHead>
        <h2 id={headingId}>{plan.name}</h2>
        {plan.popular || current ? (
          <StyledBadges>
            {plan.popular ? (
              <StyledBadge $tone="primary" data-testid="popular-badge">
                {t('popular')}
              </StyledBadge>
            ) : null}
            {current ? <StyledBadge $tone="success">{t('current')}</StyledBadge> : null}
          </StyledBadges>
        ) : null}
      </StyledHead>
      {plan.subtitle ? <StyledSubtitle>{plan.subtitle}</StyledSubtitle> : null}
      <StyledPrice data-testid="plan-price">
        {perMonth === null ? (
          <StyledOnRequest>{t('onRequest')}</StyledOnRequest>
        ) : (
          <>
            <strong>{price(perMonth)}</strong> <span>{t('perMonth')}</span>
          </>
        )}
      </StyledPrice>
      <StyledBilled>
        {perMonth === null
          ? t('onRequestHint')
          : billing === 'yearly' && plan.yearlyTotal !== null
            ? t('billedYearly', { total: price(plan.yearlyTotal) })
            : t('billedMonthly')}
      </StyledBilled>
      <StyledList aria-label={t('benefits')}>
        {plan.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </StyledList>
      <StyledLimits aria-label={t('limitsTitle')}>
        {LIMIT_KEYS.map((key) => (
          <Fragment key={key}>
            <dt>{t(`limits.${key}`)}</dt>
            <dd>{plan.limits[key] === null ? t('unlimited') : count(plan.limits[key])}</dd>
          </Fragment>
        ))}
      </StyledLimits>
      <StyledFooter>
        <StyledButtonLink to={activatePath}>{current ? t('extendCta') : perMonth === null ? t('customCta') : t('activateCta')}</StyledButtonLink>
      </StyledFooter>
    </StyledPlan>
  )
}
