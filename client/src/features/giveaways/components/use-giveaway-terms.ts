import { useTranslation } from 'react-i18next'
import type { ChannelGiveawaysQuery } from '../graphql/giveaways.generated'

type Terms = Pick<
  NonNullable<ChannelGiveawaysQuery['channel']>['giveaways'][number],
  'keyword' | 'eligibility' | 'minFollowDays' | 'maxEntries' | 'subscriberTickets' | 'endsAt'
>

/** A giveaway's terms in one line: how to enter, who may, the limit, sub luck, when it closes. */
export function useGiveawayTerms() {
  const { t, i18n } = useTranslation('giveaways')
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' })
  return (g: Terms): string => {
    const parts = [
      g.keyword ? t('terms.keyword', { keyword: g.keyword }) : t('terms.chat'),
      g.eligibility === 'followers'
        ? g.minFollowDays
          ? t('terms.followersFor', { count: g.minFollowDays })
          : t('eligibility.followers')
        : g.eligibility === 'subscribers'
          ? t('eligibility.subscribers')
          : t('eligibility.everyone'),
    ]
    if (g.maxEntries) parts.push(t('terms.maxEntries', { count: g.maxEntries }))
    if (g.subscriberTickets > 1) parts.push(t('terms.subLuck', { count: g.subscriberTickets }))
    parts.push(g.endsAt ? t('terms.endsAt', { time: time.format(new Date(g.endsAt as string)) }) : t('terms.manual'))
    return parts.join(' · ')
  }
}
